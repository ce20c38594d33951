package io.csvws.gateway;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Salted, slow password hashes for the users file: PBKDF2 with HMAC-SHA256, written
 * {@code pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>}. Plain-text passwords are never
 * stored or accepted.
 */
final class PasswordHash {
  static final String SCHEME = "pbkdf2-sha256";
  private static final int ITERATIONS = 210_000;
  private static final int SALT_BYTES = 16;
  private static final int HASH_BITS = 256;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final int iterations;
  private final byte[] salt;
  private final byte[] hash;

  private PasswordHash(int iterations, byte[] salt, byte[] hash) {
    this.iterations = iterations;
    this.salt = salt;
    this.hash = hash;
  }

  /** A new hash of {@code password} with a fresh random salt, in its text form. */
  static String create(char[] password) {
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    byte[] hash = derive(password, salt, ITERATIONS);
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    return SCHEME + "$" + ITERATIONS + "$" + b64.encodeToString(salt) + "$"
        + b64.encodeToString(hash);
  }

  /** Parses the text form; throws IllegalArgumentException saying what is wrong. */
  static PasswordHash parse(String text) {
    String[] parts = text.split("\\$");
    if (parts.length != 4 || !parts[0].equals(SCHEME)) {
      throw new IllegalArgumentException("not a " + SCHEME + " hash (plain-text passwords are "
          + "not accepted; make one with 'java -jar csvws-gateway.jar hash-password')");
    }
    try {
      int iterations = Integer.parseInt(parts[1]);
      if (iterations < 10_000) {
        throw new IllegalArgumentException("a hash of fewer than 10000 iterations is too weak");
      }
      Base64.Decoder b64 = Base64.getDecoder();
      return new PasswordHash(iterations, b64.decode(parts[2]), b64.decode(parts[3]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the iteration count is not a number");
    }
  }

  /** Whether {@code password} is the one hashed, compared in constant time. */
  boolean matches(char[] password) {
    return MessageDigest.isEqual(hash, derive(password, salt, iterations));
  }

  private static byte[] derive(char[] password, byte[] salt, int iterations) {
    PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
    try {
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec)
          .getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 is part of every Java 17", e);
    } finally {
      spec.clearPassword();
    }
  }
}
