package dev.brisk.sink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;

/**
 * POSTs each batch to an HTTP endpoint that takes many events at once (an ingest or import API),
 * over {@link java.net.http.HttpClient}: the body is a JSON array or NDJSON, optionally gzipped.
 *
 * <p>What the answer means:
 * <ul>
 *   <li>2xx: all delivered;
 *   <li>413 (payload too large): the batch is split in halves, each sent on its own, down to single
 *       events; a single event that is still too large is rejected (dead-lettered);
 *   <li>408, 429 and 5xx, timeouts and connection errors: retried by the sink's policy, not
 *       sooner than a {@code Retry-After} asks (up to the policy's longest wait);
 *   <li>any other status (400, 401, 404, ...): the whole batch rejected, with the status and the
 *       start of the response body as the reason.
 * </ul>
 *
 * <p>Not thread-safe: a sink calls it from its writer thread only. The {@link HttpClient} may be
 * shared.
 */
public final class HttpBatchTransport implements Transport {
  /** How the events of a batch make one request body. */
  public enum Format {
    /** {@code [e0,e1,...]}, {@code Content-Type: application/json}. */
    JSON_ARRAY,
    /** One event per line, {@code Content-Type: application/x-ndjson}. */
    NDJSON
  }

  /** The bytes of an answer kept for messages: the endpoint's answer is not otherwise read. */
  static final int ANSWER_KEPT = 4096;

  private final URI uri;
  private final Format format;
  private final boolean gzip;
  private final Duration timeout;
  private final HttpClient client;
  private final List<String> headers;
  private final ByteArrayOutputStream body = new ByteArrayOutputStream(64 * 1024);
  private long requests;

  private HttpBatchTransport(Builder b) {
    this.uri = b.uri;
    this.format = b.format;
    this.gzip = b.gzip;
    this.timeout = b.answerTimeout();
    this.client = b.httpClient();
    this.headers = b.headerList();
  }

  /** A builder for POSTs to {@code uri}. */
  public static Builder builder(URI uri) {
    return new Builder(uri);
  }

  @Override
  public Outcome send(Batch batch) throws IOException {
    return post(batch);
  }

  private Outcome post(Batch batch) throws IOException {
    byte[] payload = body(batch);
    HttpRequest.Builder rb = HttpRequest.newBuilder(uri)
        .timeout(timeout)
        .header("Content-Type", format == Format.NDJSON ? "application/x-ndjson" : "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(payload));
    if (gzip) {
      rb.header("Content-Encoding", "gzip");
    }
    for (int i = 0; i < headers.size(); i += 2) {
      rb.header(headers.get(i), headers.get(i + 1));
    }
    HttpResponse<byte[]> response;
    try {
      requests++;
      response = HttpTransportBuilder.sendWithin(client, rb.build(), HttpTransportBuilder.firstBytes(ANSWER_KEPT), timeout);
    } catch (HttpTimeoutException e) {
      return Outcome.retry("no answer from " + uri + " within " + timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while posting to " + uri, e);
    }
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return Outcome.delivered();
    }
    if (status == 413) {
      return split(batch);
    }
    return HttpTransportBuilder.failure(response, "HTTP " + status + " from " + uri + HttpTransportBuilder.answerStart(response.body()));
  }

  /** 413: halves, each on its own; one event that is still too large cannot be sent at all. */
  private Outcome split(Batch batch) throws IOException {
    int n = batch.size();
    if (n == 1) {
      return Outcome.rejected("HTTP 413 from " + uri + ": this single event of " + batch.length(0)
          + " bytes is larger than the endpoint takes");
    }
    int half = n / 2;
    Outcome first = post(batch.slice(0, half));
    Outcome second = post(batch.slice(half, n));
    return Outcome.builder(n).merge(0, half, first).merge(half, n - half, second).build();
  }

  private byte[] body(Batch batch) throws IOException {
    body.reset();
    if (gzip) {
      try (GZIPOutputStream z = new GZIPOutputStream(body, 8192)) {
        writeEvents(batch, z);
      }
    } else {
      writeEvents(batch, body);
    }
    return body.toByteArray();
  }

  private void writeEvents(Batch batch, java.io.OutputStream out) throws IOException {
    if (format == Format.NDJSON) {
      batch.writeNdjson(out);
    } else {
      batch.writeJsonArray(out);
    }
  }

  /** How many requests this transport has made. */
  public long requests() {
    return requests;
  }

  @Override
  public String describe() {
    return uri.toString();
  }

  /** Options for an HTTP batch endpoint (the answer timeout defaults to 30 s). Not thread-safe. */
  public static final class Builder extends HttpTransportBuilder<Builder> {
    private final URI uri;
    private Format format = Format.JSON_ARRAY;
    private boolean gzip;

    Builder(URI uri) {
      super(Duration.ofSeconds(30));
      this.uri = Objects.requireNonNull(uri, "uri");
      String scheme = uri.getScheme();
      if (!"http".equals(scheme) && !"https".equals(scheme)) {
        throw new IllegalArgumentException("an HTTP batch endpoint needs an http or https URI, got " + uri);
      }
    }

    /** The body: a JSON array (default) or NDJSON. */
    public Builder format(Format f) {
      this.format = Objects.requireNonNull(f, "format");
      return this;
    }

    /** Gzips the body and says so in {@code Content-Encoding} (default off). */
    public Builder gzip(boolean on) {
      this.gzip = on;
      return this;
    }

    /** A transport with what was set; the builder may go on and build others. */
    public HttpBatchTransport build() {
      return new HttpBatchTransport(this);
    }
  }
}
