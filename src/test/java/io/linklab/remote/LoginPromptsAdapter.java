package io.linklab.remote;

/** Login questions for tests: answers nothing and refuses new host keys unless a test overrides a method. */
public class LoginPromptsAdapter implements LoginPrompts {
    @Override
    public char[] passphrase(String login, String keyFile) {
        return null;
    }

    @Override
    public char[] password(String login) {
        return null;
    }

    @Override
    public boolean acceptNewHostKey(NewHostKey key) {
        return false;
    }
}
