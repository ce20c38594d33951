package io.csvws.gateway;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code hash-password}: reads a password (from the terminal without echo, or one line of
 * standard input) and prints its salted hash for the users file.
 */
final class HashPasswordCommand {
  private HashPasswordCommand() {
  }

  static int run(PrintStream out, PrintStream err) {
    char[] password;
    Console console = System.console();
    if (console != null) {
      password = console.readPassword("Password: ");
    } else {
      try {
        String line = new BufferedReader(new InputStreamReader(System.in,
            StandardCharsets.UTF_8)).readLine();
        password = line == null ? null : line.toCharArray();
      } catch (IOException e) {
        err.println("csvws-gateway hash-password: cannot read the password: " + e.getMessage());
        return 1;
      }
    }
    if (password == null || password.length == 0) {
      err.println("csvws-gateway hash-password: no password given.");
      return 2;
    }
    out.println(PasswordHash.create(password));
    return 0;
  }
}
