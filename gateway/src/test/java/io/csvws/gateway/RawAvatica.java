package io.csvws.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica requests sent one at a time over plain HTTP, as a client in another language would,
 * in either serialization, with the gateway's answer decoded by Avatica's own classes.
 */
final class RawAvatica {
  /** One answer: the HTTP status, the raw body and, when it decodes, Avatica's response. */
  record Answer(int status, String contentType, byte[] body, Service.Response response) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    Service.ErrorResponse error() {
      return response instanceof Service.ErrorResponse ? (Service.ErrorResponse) response : null;
    }
  }

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private final ProtobufTranslation protobuf = new ProtobufTranslationImpl();
  private final String url;
  private final boolean json;
  private final String authorization;

  /**
   * @param json whether the gateway speaks JSON (else protobuf)
   * @param user the user, or null to send no credentials
   */
  RawAvatica(String url, boolean json, String user, String password) {
    this.url = url;
    this.json = json;
    this.authorization = user == null ? null : "Basic " + Base64.getEncoder().encodeToString(
        (user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** Sends a request object in the gateway's serialization. */
  Answer send(Service.Request request) throws IOException, InterruptedException {
    if (json && request instanceof Service.SyncResultsRequest) {
      // Jackson cannot write Avatica's QueryState (its getters assert on the state's kind).
      Service.SyncResultsRequest r = (Service.SyncResultsRequest) request;
      return postJson("{\"request\":\"syncResults\",\"connectionId\":\"" + r.connectionId
          + "\",\"statementId\":" + r.statementId + ",\"state\":{\"type\":\"SQL\",\"sql\":"
          + JsonService.MAPPER.writeValueAsString(r.state.sql) + "},\"offset\":" + r.offset
          + "}");
    }
    byte[] body = json ? JsonService.MAPPER.writeValueAsBytes(request)
        : protobuf.serializeRequest(request);
    return post(body, json ? "application/json" : "application/octet-stream");
  }

  /** Sends a body as it is: hand-written JSON, or garbage. */
  Answer post(byte[] body, String contentType) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + "/"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    if (authorization != null) {
      b.header("Authorization", authorization);
    }
    HttpResponse<byte[]> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    Service.Response decoded = null;
    if (r.statusCode() == 200 || r.statusCode() == 500 || json) {
      try {
        decoded = json ? JsonService.MAPPER.readValue(r.body(), Service.Response.class)
            : protobuf.parseResponse(r.body());
      } catch (IOException | RuntimeException e) {
        decoded = null;
      }
    }
    return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""),
        r.body(), decoded);
  }

  Answer postJson(String body) throws IOException, InterruptedException {
    return post(body.getBytes(StandardCharsets.UTF_8), "application/json");
  }
}
