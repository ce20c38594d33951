package io.csvws.bench;

/** Entry point of the benchmark. */
public final class Bench {
  private Bench() {
  }

  public static void main(String[] args) {
    System.out.println("bench");
  }
}
