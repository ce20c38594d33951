package io.csvws.gateway;

import io.csvws.agent.Incidents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.metrics.noop.NoopMetricsSystem;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.Handler.HandlerResponse;
import org.apache.calcite.avatica.remote.JsonHandler;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.ProtobufHandler;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * The HTTP edge of one user's Avatica service: it takes only a POST to {@code /} with a body in
 * this gateway's serialization, and answers everything else with a 4xx and a short message
 * before Avatica sees it. Avatica's own server handlers would answer a body in the other
 * serialization, garbage or an unknown content type with HTTP 500 and a Java stack trace; every
 * error here, the engine's included, reaches the client as SQLState and message only.
 */
final class AvaticaEdge {
  /** Content types a protobuf client sends (Avatica's Java client sends octet-stream). */
  private static final Set<String> PROTOBUF_TYPES = Set.of("application/octet-stream",
      "application/x-google-protobuf", "application/x-protobuf", "application/protobuf",
      "application/vnd.google.protobuf");
  /**
   * Content types a JSON client sends: Avatica's Java client sends octet-stream, curl's
   * {@code -d} form-urlencoded.
   */
  private static final Set<String> JSON_TYPES = Set.of("application/json", "text/json",
      "text/plain", "application/octet-stream", "application/x-www-form-urlencoded");

  private final Serialization serialization;
  private final Incidents incidents;
  private final ProtobufTranslation protobuf = new ProtobufTranslationImpl();
  private final ProtobufHandler protobufHandler;
  private final JsonHandler jsonHandler;

  AvaticaEdge(Serialization serialization, Service service, Incidents incidents) {
    this.serialization = serialization;
    this.incidents = incidents;
    if (serialization == Serialization.PROTOBUF) {
      this.protobufHandler = new ProtobufHandler(service, protobuf,
          NoopMetricsSystem.getInstance()) {
        @Override
        public HandlerResponse<byte[]> convertToErrorResponse(Exception e) {
          try {
            return new HandlerResponse<>(protobuf.serializeResponse(errorFor(e)), 500);
          } catch (IOException io) {
            throw new IllegalStateException("an error response cannot be written", io);
          }
        }
      };
      this.jsonHandler = null;
    } else {
      this.protobufHandler = null;
      this.jsonHandler = new JsonHandler(service, NoopMetricsSystem.getInstance()) {
        @Override
        public HandlerResponse<String> convertToErrorResponse(Exception e) {
          return new HandlerResponse<>(json(errorFor(e)), 500);
        }
      };
    }
  }

  /**
   * Answers one request to the Avatica route.
   *
   * @param body the request body, read whole (within the size limit)
   */
  void handle(HttpServletRequest request, HttpServletResponse response, byte[] body,
      RequestContext context) throws IOException {
    if (!request.getMethod().equals("POST")) {
      response.setHeader("Allow", "POST");
      refuse(response, 405, context, "Avatica requests are POSTed to /; this was a "
          + request.getMethod() + ". GET /health and GET /metrics describe the gateway.");
      return;
    }
    String type = mediaType(request.getContentType());
    boolean protobufGateway = serialization == Serialization.PROTOBUF;
    if (type != null && !(protobufGateway ? PROTOBUF_TYPES : JSON_TYPES).contains(type)) {
      refuse(response, 415, context, "This gateway speaks Avatica's "
          + (protobufGateway ? "protobuf" : "JSON") + " serialization and does not take a body "
          + "of type '" + shorten(type) + "'. " + whatToSend());
      return;
    }
    Service.Request decoded;
    try {
      decoded = protobufGateway ? protobuf.parseRequest(body)
          : JsonService.MAPPER.readValue(body, Service.Request.class);
    } catch (IOException | RuntimeException e) {
      boolean looksJson = body.length > 0 && (body[0] == '{' || body[0] == '[');
      refuse(response, 400, context, "The body is not an Avatica "
          + (protobufGateway ? "protobuf" : "JSON") + " request"
          + (protobufGateway && looksJson ? " (it looks like JSON)" : "") + ". "
          + whatToSend());
      return;
    }
    if (!protobufGateway && decoded instanceof Service.SchemasRequest
        && !"getSchemas".equals(requestName(body))) {
      // Avatica's JSON reads a request of an unknown name as getSchemas.
      refuse(response, 400, context, "Unknown Avatica request '" + shorten(
          String.valueOf(requestName(body))) + "'. " + whatToSend());
      return;
    }
    context.statementKind = decoded instanceof Service.OpenConnectionRequest ? "CONNECT"
        : context.statementKind;
    if (protobufGateway) {
      HandlerResponse<byte[]> r = protobufHandler.apply(body);
      write(response, r.getStatusCode(), "application/octet-stream", r.getResponse());
    } else {
      HandlerResponse<String> r = jsonHandler.apply(new String(body, StandardCharsets.UTF_8));
      // Ended by a line break, as Avatica's own JSON handler does: shell clients print answers
      // one to a line.
      write(response, r.getStatusCode(), "application/json; charset=utf-8",
          (r.getResponse() + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  /** A 4xx for a request that is not an Avatica request: short text, or Avatica's error JSON. */
  void refuse(HttpServletResponse response, int status, RequestContext context, String message)
      throws IOException {
    context.error = message;
    if (serialization == Serialization.PROTOBUF) {
      write(response, status, "text/plain; charset=utf-8",
          ("csvws gateway: " + message + "\n").getBytes(StandardCharsets.UTF_8));
    } else {
      write(response, status, "application/json; charset=utf-8", (json(new Service.ErrorResponse(
          List.of(), message, -1, "08P01", AvaticaSeverity.ERROR, null)) + "\n")
          .getBytes(StandardCharsets.UTF_8));
    }
  }

  private String whatToSend() {
    return serialization == Serialization.PROTOBUF
        ? "Use an Avatica client with serialization=protobuf; JSON clients need a gateway "
            + "started with --serialization json."
        : "POST one JSON request such as {\"request\":\"openConnection\",\"connectionId\":\"c1\"}"
            + "; protobuf clients need a gateway started with --serialization protobuf.";
  }

  /**
   * The error a client gets for a failed request: the SQLState and message only, never the
   * server's stack traces that Avatica would add.
   */
  private Service.ErrorResponse errorFor(Exception e) {
    AvaticaRuntimeException clean;
    if (e instanceof AvaticaRuntimeException) {
      clean = (AvaticaRuntimeException) e;
    } else {
      String reference = incidents.record("Avatica request", e);
      RequestContext.current().error = "XX000 internal error " + reference;
      clean = new AvaticaRuntimeException(Incidents.internal(reference), 0, "XX000",
          AvaticaSeverity.ERROR);
    }
    // The "exceptions" Avatica fills with stack traces carry the message alone: Avatica's client
    // puts its own words ("While closing statement") in place of the server's message on some
    // calls, and a client can still read the server's there.
    return new Service.ErrorResponse(List.of(clean.getErrorMessage()), clean.getErrorMessage(),
        clean.getErrorCode(), clean.getSqlState(), clean.getSeverity(), null);
  }

  private static String json(Service.Response response) {
    try {
      return JsonService.MAPPER.writeValueAsString(response);
    } catch (IOException e) {
      throw new IllegalStateException("a response cannot be written as JSON", e);
    }
  }

  private static void write(HttpServletResponse response, int status, String type, byte[] body)
      throws IOException {
    response.setStatus(status);
    response.setContentType(type);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  /** The "request" member of a JSON request, or null. */
  private static String requestName(byte[] body) {
    try {
      com.fasterxml.jackson.databind.JsonNode name =
          JsonService.MAPPER.readTree(body).get("request");
      return name == null ? null : name.asText();
    } catch (IOException e) {
      return null;
    }
  }

  private static String mediaType(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return null;
    }
    int semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim()
        .toLowerCase(Locale.ROOT);
  }

  private static String shorten(String s) {
    return s.length() <= 60 ? s : s.substring(0, 60) + "...";
  }
}
