package io.csvws.gateway;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks HTTP BASIC credentials against the users file.
 *
 * <p>A PBKDF2 check costs a noticeable fraction of a second by design, and BASIC sends the
 * password with every request, so a successful check is remembered: as a SHA-256 of the password
 * under a key drawn at start, held in memory only. A later request with the same password costs
 * one SHA-256; a different password is checked in full again.
 */
final class Authenticator {
  private final UsersFile users;
  private final byte[] processKey = new byte[32];
  private final Map<String, byte[]> verified = new ConcurrentHashMap<>();

  Authenticator(UsersFile users) {
    this.users = users;
    new SecureRandom().nextBytes(processKey);
  }

  /** The user an {@code Authorization} header names, if its password is right. */
  Optional<UsersFile.User> authenticate(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return Optional.empty();
    }
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
          StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    int colon = decoded.indexOf(':');
    if (colon <= 0) {
      return Optional.empty();
    }
    String name = decoded.substring(0, colon);
    char[] password = decoded.substring(colon + 1).toCharArray();
    Optional<UsersFile.User> user = users.find(name);
    if (user.isEmpty()) {
      return user;
    }
    byte[] digest = digest(password);
    byte[] known = verified.get(name);
    if (known != null && MessageDigest.isEqual(known, digest)) {
      return user;
    }
    if (!user.get().hash().matches(password)) {
      return Optional.empty();
    }
    verified.put(name, digest);
    return user;
  }

  private byte[] digest(char[] password) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(processKey);
      sha.update(new String(password).getBytes(StandardCharsets.UTF_8));
      return sha.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java", e);
    }
  }
}
