package io.linklab.model;

/** A switch in the drawing; LinkLab does not log into switches, it only documents them. */
public record SwitchSpec(String id, String name, String model, int maxMtu, double x, double y) {}
