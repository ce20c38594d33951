package io.csvws.gateway;

/**
 * What the gateway lets one user or one request take.
 *
 * @param maxConnectionsPerUser open connections a user may hold
 * @param idleTimeoutSeconds how long an unused connection lives
 * @param queryTimeoutSeconds every statement's default timeout, 0 for none
 * @param maxFrameRows the most rows in one response frame
 * @param maxRequestBytes the largest request body
 * @param maxHeaderBytes the largest request header block
 * @param heapGuard the heap fraction above which the longest-running query is cancelled
 */
record Limits(int maxConnectionsPerUser, int idleTimeoutSeconds, int queryTimeoutSeconds,
    int maxFrameRows, int maxRequestBytes, int maxHeaderBytes, double heapGuard) {
}
