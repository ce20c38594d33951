package io.csvws.web;

/**
 * What the web console lets one user take, beyond the gateway's limits on every request.
 *
 * @param allowUpload whether users may upload files into their workspace ({@code --allow-upload})
 * @param maxUploadBytes the largest file one upload may write
 * @param maxSpoolBytesPerUser the most bytes of result rows kept on the server for one user's
 *     pages, over all their open results; a result that would pass it is cut there, saying so
 * @param maxConnectionsPerUser the gateway's connections a user may hold, the console's open
 *     results and running queries counted with their remote JDBC connections
 */
public record WebLimits(boolean allowUpload, long maxUploadBytes, long maxSpoolBytesPerUser,
    int maxConnectionsPerUser) {

  /** Upload off, 400 MB uploads, 1 GB of spooled rows a user, 16 connections a user. */
  public static final WebLimits DEFAULTS = new WebLimits(false, 400L << 20, 1L << 30, 16);
}
