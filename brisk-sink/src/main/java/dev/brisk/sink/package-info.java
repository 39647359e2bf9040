/**
 * {@link dev.brisk.sink.Sink}: a batching sink whose producers hand events over without a lock to
 * one writer thread, with backpressure, retries, dead letters and metrics; nothing accepted is
 * silently lost. Transports for NDJSON files ({@link dev.brisk.sink.NdjsonFileTransport}) and HTTP
 * batch endpoints ({@link dev.brisk.sink.HttpBatchTransport}); OpenSearch {@code _bulk} is in
 * {@code brisk-opensearch}. {@code Sink}'s Javadoc says which threads may call what, and what
 * happens before what.
 */
package dev.brisk.sink;
