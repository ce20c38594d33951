package io.csvws.gateway;

/** Entry point of {@code csvws-gateway.jar}. */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
    System.out.println("csvws gateway");
  }
}
