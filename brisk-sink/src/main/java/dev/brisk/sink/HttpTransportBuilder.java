package dev.brisk.sink;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The options every HTTP transport's builder has: the answer timeout, the connect timeout, extra
 * headers, and the {@link HttpClient} to use. {@link HttpBatchTransport.Builder} and
 * brisk-opensearch's {@code OpenSearchBulkTransport.Builder} extend it. Not thread-safe.
 *
 * @param <B> the concrete builder, returned by each option for chaining
 */
public abstract class HttpTransportBuilder<B extends HttpTransportBuilder<B>> {
  private Duration timeout;
  private Duration connectTimeout = Duration.ofSeconds(10);
  private HttpClient client;
  private final List<String> headers = new ArrayList<>();

  /**
   * A builder whose transports wait {@code defaultTimeout} for an answer unless told otherwise.
   *
   * @param defaultTimeout the answer timeout until {@link #timeout} says otherwise
   */
  protected HttpTransportBuilder(Duration defaultTimeout) {
    this.timeout = Objects.requireNonNull(defaultTimeout, "defaultTimeout");
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /** How long to wait for the whole answer, its body included, before the batch is retried. */
  public B timeout(Duration d) {
    this.timeout = positive(d, "timeout");
    return self();
  }

  /** How long to wait for a connection, for the client this builder makes (default 10 s). */
  public B connectTimeout(Duration d) {
    this.connectTimeout = positive(d, "connectTimeout");
    return self();
  }

  /**
   * A zero or negative timeout is refused here: the JDK's HttpRequest refuses it only when each
   * request is built, which a sink took for a failed send and retried until it gave up. One
   * longer than 292 years is taken as 292 years, for the same reason ("long overflow").
   */
  private static Duration positive(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(what + " must be more than zero, got " + d);
    }
    return Durations.atMostMax(d); // the JDK's client fails every request for a longer one
  }

  /**
   * A header on every request, such as {@code Authorization}.
   *
   * @throws IllegalArgumentException for a header the JDK's HttpClient refuses (an invalid name or
   *     value, or one it sets itself, such as {@code Host} or {@code Content-Length}): here, rather
   *     than on every request, where the sink would retry it until it gave up
   */
  public B header(String name, String value) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    try {
      java.net.http.HttpRequest.newBuilder().header(name, value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("the header " + name + " cannot be sent: " + e.getMessage(), e);
    }
    headers.add(name);
    headers.add(value);
    return self();
  }

  /** Uses this client instead of making one (its own connect timeout then applies). */
  public B client(HttpClient c) {
    this.client = Objects.requireNonNull(c, "client");
    return self();
  }

  /** The answer timeout. */
  public Duration answerTimeout() {
    return timeout;
  }

  /**
   * The client given, or a new one with the connect timeout that speaks HTTP/1.1. The JDK's
   * default, HTTP/2, upgrades a cleartext connection when the server agrees (OpenSearch does),
   * and then sends a batch as 16 KB frames under a 64 KB flow-control window: for bodies of a
   * megabyte that costs the client more CPU than the serialization does (see brisk-bench's
   * RESULTS.md, "Shipping 1 000 000 users documents"). Pass a {@link #client} for HTTP/2.
   */
  public HttpClient httpClient() {
    return client != null
        ? client
        : HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
  }

  /** The extra headers as name, value, name, value, ... */
  public List<String> headerList() {
    return List.copyOf(headers);
  }

  /**
   * Sends {@code request} and waits for the whole answer, its body included, at most {@code
   * timeout}. {@link HttpClient#send} stops timing once the answer's headers arrive (JDK-8208693,
   * changed only in JDK 26): a server that stalls in the middle of a body would hold the sink's
   * writer thread for ever. After the timeout the exchange is cancelled.
   *
   * @throws HttpTimeoutException when the whole answer did not come within {@code timeout}
   * @throws IOException what the client failed with, as {@code send} would throw it
   */
  public static <T> HttpResponse<T> sendWithin(
      HttpClient client, HttpRequest request, HttpResponse.BodyHandler<T> handler, Duration timeout)
      throws IOException, InterruptedException {
    CompletableFuture<HttpResponse<T>> answer = client.sendAsync(request, handler);
    try {
      return answer.get(Durations.nanos(timeout), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      answer.cancel(true);
      throw new HttpTimeoutException("no whole answer within " + timeout);
    } catch (InterruptedException e) {
      answer.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IOException(cause);
    }
  }

  /**
   * A body handler that keeps at most the first {@code max + 1} bytes of an answer and reads the
   * rest without keeping it, so that a wrong or hostile endpoint cannot fill the heap. A body
   * longer than {@code max} bytes comes back as its first {@code max + 1}: callers that need the
   * whole answer check {@code body.length > max}.
   */
  public static HttpResponse.BodyHandler<byte[]> firstBytes(int max) {
    if (max < 0 || max == Integer.MAX_VALUE) {
      throw new IllegalArgumentException("max must be 0 to " + (Integer.MAX_VALUE - 1) + ", was " + max);
    }
    return info -> HttpResponse.BodySubscribers.fromSubscriber(new FirstBytes(max + 1), FirstBytes::bytes);
  }

  /** Keeps the first {@code keep} bytes it is given. Its calls come one at a time (Flow's rule). */
  private static final class FirstBytes implements Flow.Subscriber<List<ByteBuffer>> {
    private final int keep;
    private byte[] bytes = new byte[0];
    private int size;

    FirstBytes(int keep) {
      this.keep = keep;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      for (ByteBuffer b : items) {
        int n = Math.min(b.remaining(), keep - size);
        if (n > 0) {
          if (size + n > bytes.length) {
            bytes = java.util.Arrays.copyOf(bytes, (int) Math.min(keep, Math.max(size + n, 2L * bytes.length)));
          }
          b.get(bytes, size, n);
          size += n;
        }
      }
    }

    @Override
    public void onError(Throwable t) {
      // the client completes the answer's future with t
    }

    @Override
    public void onComplete() {}

    byte[] bytes() {
      return size == bytes.length ? bytes : java.util.Arrays.copyOf(bytes, size);
    }
  }

  /**
   * What an answer that is neither a success nor 413 means for the whole batch: 408, 429 and 5xx
   * are worth another attempt, after the wait a {@code Retry-After} asks for when there is one;
   * any other status rejects the batch for good.
   */
  public static Outcome failure(HttpResponse<?> response, String reason) {
    int status = response.statusCode();
    if (status == 408 || status == 429 || status >= 500) {
      Duration after = retryAfter(response);
      return after == null ? Outcome.retry(reason) : Outcome.retryAfter(reason, after);
    }
    return Outcome.rejected(reason);
  }

  /**
   * The wait an answer's {@code Retry-After} asks for (RFC 9110, 10.2.3: a number of seconds or an
   * HTTP date; a date past is no wait), or null when it has none, or one that is neither.
   */
  public static Duration retryAfter(HttpResponse<?> response) {
    String v = response.headers().firstValue("Retry-After").orElse("").strip();
    if (v.isEmpty()) {
      return null;
    }
    if (v.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return Duration.ofSeconds(v.length() > 18 ? Long.MAX_VALUE : Long.parseLong(v));
    }
    try {
      Duration d = Duration.between(Instant.now(), ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
      return d.isNegative() ? Duration.ZERO : d;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The start of an answer's body for a message: {@code ": ..."}, or empty. */
  public static String answerStart(byte[] body) {
    if (body == null || body.length == 0) {
      return "";
    }
    String s = new String(body, 0, Math.min(body.length, 300), StandardCharsets.UTF_8).strip();
    return s.isEmpty() ? "" : ": " + s;
  }
}
