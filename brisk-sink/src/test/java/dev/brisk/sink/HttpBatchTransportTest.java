package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Against a real HTTP server in the test's JVM (the JDK's), over real sockets. */
class HttpBatchTransportTest {
  /** How the receiver answers a request, given the request number and the raw body. */
  interface Answer {
    int status(int request, byte[] body);
  }

  HttpServer server;
  URI uri;
  final List<byte[]> bodies = new CopyOnWriteArrayList<>();
  final List<String> contentTypes = new CopyOnWriteArrayList<>();
  final List<String> encodings = new CopyOnWriteArrayList<>();
  final List<String> upgrades = new CopyOnWriteArrayList<>();
  final AtomicInteger requests = new AtomicInteger();
  volatile Answer answer = (n, body) -> 200;
  /** A Retry-After header for every answer that is not 200, or null for none. */
  volatile String retryAfter;
  /** System.nanoTime() at each request's arrival. */
  final List<Long> arrivals = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/import", this::handle);
    server.start();
    uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/import");
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private void handle(HttpExchange ex) throws IOException {
    arrivals.add(System.nanoTime());
    byte[] raw;
    try (InputStream in = ex.getRequestBody()) {
      raw = in.readAllBytes();
    }
    String enc = ex.getRequestHeaders().getFirst("Content-Encoding");
    upgrades.add(String.valueOf(ex.getRequestHeaders().getFirst("Upgrade")));
    byte[] body = raw;
    if ("gzip".equals(enc)) {
      try (InputStream z = new GZIPInputStream(new java.io.ByteArrayInputStream(raw))) {
        body = z.readAllBytes();
      }
    }
    int status = answer.status(requests.incrementAndGet(), body);
    if (status == 200) {
      bodies.add(body);
      contentTypes.add(ex.getRequestHeaders().getFirst("Content-Type"));
      encodings.add(String.valueOf(enc));
    }
    byte[] reply = (status == 200 ? "{\"ok\":true}" : "{\"error\":\"status " + status + "\"}").getBytes(StandardCharsets.UTF_8);
    String wait = retryAfter;
    if (status != 200 && wait != null) {
      ex.getResponseHeaders().add("Retry-After", wait);
    }
    ex.sendResponseHeaders(status, reply.length);
    ex.getResponseBody().write(reply);
    ex.close();
  }

  /** Every event the receiver took, from JSON array bodies. */
  List<Integer> receivedIds() {
    List<Integer> ids = new ArrayList<>();
    for (byte[] b : bodies) {
      for (JsonValue v : (JsonArray) Json.parse(b)) {
        ids.add(((JsonObject) v).getNumber("id").intValue());
      }
    }
    return ids;
  }

  Sink<SinkTest.Event> sink(HttpBatchTransport t, Transport dead) {
    Sink.Builder<SinkTest.Event> b = Sink.<SinkTest.Event>builder()
        .serializer(SinkTest::write).transport(t).maxBatchEvents(100)
        .retry(RetryPolicy.exponential(Duration.ofMillis(1), Duration.ofMillis(10)));
    return dead == null ? b.build() : b.deadLetters(dead).build();
  }

  @Test
  void postsBatchesAsJsonArrays() throws Exception {
    try (Sink<SinkTest.Event> sink = sink(HttpBatchTransport.builder(uri).build(), null)) {
      for (int i = 0; i < 1000; i++) {
        sink.put(new SinkTest.Event(i));
      }
    }
    List<Integer> ids = receivedIds();
    assertEquals(1000, ids.size());
    for (int i = 0; i < 1000; i++) {
      assertEquals(i, ids.get(i));
    }
    assertTrue(bodies.size() >= 10);
    assertEquals("application/json", contentTypes.get(0));
  }

  /** The JDK refuses such a timeout only when a request is built: every send failed and was retried. */
  @Test
  void aTimeoutOfZeroOrLessIsRefusedByTheBuilder() {
    URI u = URI.create("http://127.0.0.1:9/x");
    for (Duration d : new Duration[] {Duration.ZERO, Duration.ofSeconds(-1)}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HttpBatchTransport.builder(u).timeout(d));
      assertEquals("timeout must be more than zero, got " + d, e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> HttpBatchTransport.builder(u).connectTimeout(d));
    }
  }

  /** A header the JDK's client refuses failed every request, and the sink retried it until it gave up. */
  @Test
  void aHeaderTheClientRefusesIsRefusedByTheBuilder() {
    URI u = URI.create("http://127.0.0.1:9/x");
    String[][] bad = {{"Host", "elsewhere"}, {"Content-Length", "1"}, {"X-Id", "a\r\nInjected: b"}, {"Bad Name", "v"}};
    for (String[] h : bad) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> HttpBatchTransport.builder(u).header(h[0], h[1]), h[0]);
      assertTrue(e.getMessage().startsWith("the header " + h[0] + " cannot be sent: "), e.getMessage());
    }
    HttpBatchTransport.builder(u).header("Authorization", "Bearer x").header("X-Tenant", "t1").build();
  }

  /** The JDK's client fails every request with "long overflow" for a timeout of over 292 years. */
  @Test
  void theLongestTimeoutIsTakenAsTheLongestTheClientTakes() throws Exception {
    Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
    HttpBatchTransport t = HttpBatchTransport.builder(uri).timeout(forever).connectTimeout(forever).build();
    try (Sink<SinkTest.Event> sink = Sink.<SinkTest.Event>builder().serializer(SinkTest::write).transport(t)
        .retry(RetryPolicy.none()).build()) {
      sink.put(new SinkTest.Event(7));
      sink.flush();
      assertEquals(1, sink.metrics().delivered(), sink.metrics().toString());
    }
    assertEquals(List.of(7), receivedIds());
  }

  @Test
  void theClientMadeByTheBuilderSpeaksHttp11AndAsksForNoUpgrade() throws Exception {
    // The JDK client's default, HTTP/2, asks a cleartext server to upgrade on its first request;
    // the transport's own client must not (large batches cost far more CPU as HTTP/2 frames).
    try (Sink<SinkTest.Event> sink = sink(HttpBatchTransport.builder(uri).build(), null)) {
      sink.put(new SinkTest.Event(1));
    }
    assertEquals(List.of("null"), upgrades);
    // The check sees an upgrade where there is one: a client the user passes is used as it is.
    upgrades.clear();
    java.net.http.HttpClient http2 = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_2).build();
    try (Sink<SinkTest.Event> sink = sink(HttpBatchTransport.builder(uri).client(http2).build(), null)) {
      sink.put(new SinkTest.Event(1));
    }
    assertEquals(List.of("h2c"), upgrades);
  }

  @Test
  void postsGzippedNdjson() throws Exception {
    HttpBatchTransport t = HttpBatchTransport.builder(uri)
        .format(HttpBatchTransport.Format.NDJSON).gzip(true).header("Authorization", "Bearer x").build();
    try (Sink<SinkTest.Event> sink = sink(t, null)) {
      for (int i = 0; i < 250; i++) {
        sink.put(new SinkTest.Event(i));
      }
    }
    int n = 0;
    for (byte[] b : bodies) {
      String[] lines = new String(b, StandardCharsets.UTF_8).split("\n", -1);
      assertEquals("", lines[lines.length - 1], "every line ends with a line break");
      for (int i = 0; i < lines.length - 1; i++) {
        assertEquals(n++, SinkTest.id(lines[i]));
      }
    }
    assertEquals(250, n);
    assertEquals("application/x-ndjson", contentTypes.get(0));
    assertEquals("gzip", encodings.get(0));
  }

  @Test
  void payloadTooLargeSplitsTheBatchUntilItFitsAndRejectsAnEventTooLargeAlone() throws Exception {
    answer = (n, body) -> body.length > 600 ? 413 : 200;
    RecordingTransport dead = new RecordingTransport();
    try (Sink<SinkTest.Event> sink = sink(HttpBatchTransport.builder(uri).build(), dead)) {
      for (int i = 0; i < 100; i++) {
        sink.put(new SinkTest.Event(i));
      }
      sink.put(new SinkTest.Event(1000, "y".repeat(700)));
    }
    List<Integer> ids = receivedIds();
    assertEquals(100, ids.size());
    assertEquals(100, new HashSet<>(ids).size());
    for (byte[] b : bodies) {
      assertTrue(b.length <= 600);
    }
    assertEquals(1, dead.events.size());
    JsonObject record = (JsonObject) Json.parse(dead.events.get(0));
    assertEquals(1000, record.getObject("event").getNumber("id").intValue());
    assertTrue(record.getString("error").startsWith("HTTP 413 from " + uri + ": this single event of 721 bytes"),
        record.getString("error"));
  }

  @Test
  void busyAndFailingServersAreRetriedAndNothingIsLost() throws Exception {
    answer = (n, body) -> n % 3 == 1 ? 503 : n % 3 == 2 ? 429 : 200;
    try (Sink<SinkTest.Event> sink = sink(HttpBatchTransport.builder(uri).build(), null)) {
      for (int i = 0; i < 500; i++) {
        sink.put(new SinkTest.Event(i));
      }
      sink.flush();
      assertTrue(sink.metrics().retried() >= 500 * 2, "each batch failed twice: " + sink.metrics());
    }
    List<Integer> ids = receivedIds();
    assertEquals(500, ids.size());
    assertEquals(500, new HashSet<>(ids).size());
  }

  @Test
  void aRetryAfterInSecondsOrAsAnHttpDateIsTheLeastWaitTheOutcomeAsksFor() throws Exception {
    HttpBatchTransport t = HttpBatchTransport.builder(uri).build();
    Batch one = Batch.of("{\"id\":1}");
    answer = (n, body) -> 429;
    retryAfter = "3";
    assertEquals(Duration.ofSeconds(3).toNanos(), t.send(one).retryAfterNanos());
    answer = (n, body) -> 503;
    retryAfter = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
        java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(20));
    long asked = t.send(one).retryAfterNanos();
    assertTrue(asked > Duration.ofSeconds(15).toNanos() && asked <= Duration.ofSeconds(20).toNanos(), "waits " + asked);
    retryAfter = "Tue, 01 Jan 2019 00:00:00 GMT";
    Outcome past = t.send(one);
    assertEquals(0, past.retryAfterNanos(), "a date past asks for no wait");
    assertEquals(1, past.retryCount(1));
    retryAfter = "soon";
    Outcome unreadable = t.send(one);
    assertEquals(Outcome.retry(unreadable.reason(0)), unreadable, "a Retry-After that is neither is ignored");
    retryAfter = "99999999999999999999999";
    assertEquals(Long.MAX_VALUE, t.send(one).retryAfterNanos(), "no overflow");
    answer = (n, body) -> 400;
    retryAfter = "3";
    assertEquals(1, t.send(one).rejectedCount(1), "a client error is not retried, whatever the header says");
  }

  @Test
  void theSinkWaitsWhatRetryAfterAsksButNoLongerThanItsPolicysLongestWait() throws Exception {
    answer = (n, body) -> n == 1 ? 503 : 200;
    retryAfter = "1";
    try (Sink<SinkTest.Event> sink = Sink.<SinkTest.Event>builder()
        .serializer(SinkTest::write).transport(HttpBatchTransport.builder(uri).build())
        .retry(RetryPolicy.exponential(Duration.ofMillis(1), Duration.ofSeconds(10))).build()) {
      sink.put(new SinkTest.Event(1));
      assertTrue(sink.flush(Duration.ofSeconds(60)));
    }
    assertEquals(2, arrivals.size());
    long gap = arrivals.get(1) - arrivals.get(0);
    assertTrue(gap >= Duration.ofSeconds(1).toNanos(), "the retry came " + gap + " ns after the 503, not after its Retry-After: 1");

    // An hour asked, a policy whose longest wait is 20 ms: the policy bounds it.
    requests.set(0);
    retryAfter = "3600";
    try (Sink<SinkTest.Event> sink = Sink.<SinkTest.Event>builder()
        .serializer(SinkTest::write).transport(HttpBatchTransport.builder(uri).build())
        .retry(RetryPolicy.exponential(Duration.ofMillis(1), Duration.ofMillis(20))).build()) {
      sink.put(new SinkTest.Event(2));
      assertTrue(sink.flush(Duration.ofSeconds(60)), "stalled by the server's Retry-After of an hour");
    }
    assertEquals(List.of(1, 2), receivedIds());
  }

  @Test
  void aServerThatIsDownIsRetriedUntilItComesUp() throws Exception {
    int port = server.getAddress().getPort();
    server.stop(0);
    HttpBatchTransport t = HttpBatchTransport.builder(uri).connectTimeout(Duration.ofSeconds(2)).build();
    try (Sink<SinkTest.Event> sink = sink(t, null)) {
      for (int i = 0; i < 50; i++) {
        sink.put(new SinkTest.Event(i));
      }
      long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (sink.metrics().retried() < 50 * 3 && System.nanoTime() < giveUp) {
        Thread.sleep(5); // until the sink has met the closed port three times
      }
      assertTrue(sink.metrics().retried() >= 150, sink.metrics().toString());
      assertEquals(0, sink.metrics().delivered());
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
      server.createContext("/import", this::handle);
      server.start();
      sink.flush();
    }
    assertEquals(50, receivedIds().size());
  }

  @Test
  void aClientErrorRejectsTheBatchWithTheStatusAndTheAnswer() throws Exception {
    answer = (n, body) -> 400;
    RecordingTransport dead = new RecordingTransport();
    try (Sink<SinkTest.Event> sink = sink(HttpBatchTransport.builder(uri).build(), dead)) {
      sink.put(new SinkTest.Event(7));
    }
    JsonObject record = (JsonObject) Json.parse(dead.events.get(0));
    assertEquals("HTTP 400 from " + uri + ": {\"error\":\"status 400\"}", record.getString("error"));
    assertEquals(1, record.getNumber("attempts").intValue());
    assertEquals(uri.toString(), record.getString("destination"));
    Set<Integer> none = new HashSet<>(receivedIds());
    assertTrue(none.isEmpty());
  }

  @Test
  void aHugeAnswerIsReadWithoutBeingKept() throws IOException {
    // 20 MB answers, sent in pieces: an error's, then a success's. Only the start is kept.
    int[] statuses = {503, 200};
    AtomicInteger n = new AtomicInteger();
    server.createContext("/huge", ex -> {
      ex.getRequestBody().readAllBytes();
      int status = statuses[n.getAndIncrement() % 2];
      ex.sendResponseHeaders(status, 0);
      byte[] piece = new byte[1 << 16];
      java.util.Arrays.fill(piece, (byte) 'x');
      try (java.io.OutputStream out = ex.getResponseBody()) {
        out.write("overloaded ".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 320; i++) {
          out.write(piece);
        }
      }
    });
    HttpBatchTransport t = HttpBatchTransport.builder(uri.resolve("/huge")).build();
    Outcome o = t.send(Batch.of("{\"a\":1}"));
    assertEquals(1, o.retryCount(1));
    assertTrue(o.reason(0).startsWith("HTTP 503 from " + uri.resolve("/huge") + ": overloaded xxx"), o.reason(0));
    assertTrue(o.reason(0).length() < 400, o.reason(0));
    assertTrue(t.send(Batch.of("{\"a\":2}")).allDelivered());
  }

  @Test
  void firstBytesKeepsTheStartAndSaysWhenThereWasMore() throws Exception {
    byte[] all = new byte[10_000];
    new java.util.SplittableRandom(7).nextBytes(all);
    for (int max : new int[] {0, 1, 100, 9_999, 10_000, 20_000}) {
      var sub = HttpTransportBuilder.firstBytes(max).apply(null);
      sub.onSubscribe(new java.util.concurrent.Flow.Subscription() {
        @Override public void request(long k) {}
        @Override public void cancel() {}
      });
      for (int off = 0; off < all.length; off += 1500) { // two buffers per call
        int a = Math.min(700, all.length - off);
        int b = Math.min(1500, all.length - off) - a;
        sub.onNext(List.of(java.nio.ByteBuffer.wrap(all, off, a), java.nio.ByteBuffer.wrap(all, off + a, b)));
      }
      sub.onComplete();
      byte[] kept = sub.getBody().toCompletableFuture().get();
      assertEquals(java.util.Arrays.toString(java.util.Arrays.copyOf(all, Math.min(all.length, max + 1))),
          java.util.Arrays.toString(kept), "max " + max);
    }
  }

  @Test
  void anAnswerThatStallsInItsBodyTimesOut() throws Exception {
    // Headers and the body's first bytes, then nothing: HttpClient.send would wait for ever.
    try (StallingServer stalling = new StallingServer("{\"ok\":")) {
      URI stalls = stalling.uri("/import");
      HttpBatchTransport t = HttpBatchTransport.builder(stalls).timeout(Duration.ofMillis(300)).build();
      Outcome o = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          Duration.ofSeconds(60), () -> t.send(Batch.of("{\"a\":1}")), "the send hangs");
      assertEquals(1, o.retryCount(1));
      assertEquals("no answer from " + stalls + " within PT0.3S", o.reason(0));
    }
  }
}
