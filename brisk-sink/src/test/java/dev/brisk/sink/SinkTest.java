package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonWriter;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SinkTest {
  /** An event: {"id":n,"name":"event n"}. */
  record Event(int id, String name) {
    Event(int id) {
      this(id, "event " + id);
    }
  }

  static void write(Event e, JsonWriter w) {
    w.beginObject().name("id").value(e.id()).name("name").value(e.name()).endObject();
  }

  static int id(String json) {
    return ((JsonObject) Json.parse(json)).getNumber("id").intValue();
  }

  static Sink.Builder<Event> builder(Transport t) {
    return Sink.<Event>builder().serializer(SinkTest::write).transport(t);
  }

  @ParameterizedTest
  @EnumSource(Sink.SerializeOn.class)
  void deliversEveryEventInOrderFromOneProducer(Sink.SerializeOn where) throws Exception {
    RecordingTransport t = new RecordingTransport();
    try (Sink<Event> sink = builder(t).serializeOn(where).maxBatchEvents(100).build()) {
      for (int i = 0; i < 10_000; i++) {
        sink.put(new Event(i));
      }
    }
    assertEquals(10_000, t.events.size());
    for (int i = 0; i < 10_000; i++) {
      assertEquals("{\"id\":" + i + ",\"name\":\"event " + i + "\"}", t.events.get(i));
    }
    assertTrue(t.batchSizes.stream().allMatch(n -> n <= 100), "batches: " + t.batchSizes);
    assertTrue(t.closed, "close() closes the transport");
  }

  /**
   * "For ever" written as the longest Duration there is: Duration.toNanos() throws beyond 292
   * years, and the builder, flush(timeout), close(timeout) and the retry policy threw
   * ArithmeticException ("long overflow"); a retry policy's delay did so in the writer thread.
   */
  @Test
  void theLongestDurationsMeanForEverAndDoNotOverflow() throws Exception {
    Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
    RecordingTransport t = new RecordingTransport();
    Sink<Event> sink = builder(t).linger(forever).putTimeout(forever)
        .retry(RetryPolicy.exponential(Duration.ofMillis(1), forever)).build();
    sink.put(new Event(1));
    assertTrue(sink.flush(forever), "the flush delivers the lingering batch");
    assertEquals(1, t.events.size());
    sink.put(new Event(2));
    SinkMetrics m = sink.close(forever);
    assertEquals(2, m.delivered());
    assertEquals(Long.MAX_VALUE, RetryPolicy.exponential(forever, forever).nominalDelayNanos(3));
    assertEquals(Long.MAX_VALUE, RetryPolicy.exponential(Duration.ofSeconds(1), forever).nominalDelayNanos(200));
    NdjsonFileTransport.builder(java.nio.file.Path.of("never-written")).maxFileAge(forever).build().close();
  }

  @Test
  void theBuilderRefusesSizesThatCannotWorkWithTheirName() {
    RecordingTransport t = new RecordingTransport();
    String[][] cases = {
      {"queueCapacity(0)", "queue capacity must be positive, got 0 events, 1 bytes"},
      {"queueCapacity(MAX)", "queue capacity is at most 1073741824 events (2^30), got 2147483647"},
      {"maxBatchEvents(0)", "maxBatchEvents must be at least 1, got 0"},
      {"maxBatchBytes(0)", "maxBatchBytes must be at least 1, got 0"},
    };
    for (String[] c : cases) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
        Sink.Builder<Event> b = builder(t);
        switch (c[0]) {
          case "queueCapacity(0)" -> b.queueCapacity(0, 1);
          case "queueCapacity(MAX)" -> b.queueCapacity(Integer.MAX_VALUE, 1);
          case "maxBatchEvents(0)" -> b.maxBatchEvents(0);
          default -> b.maxBatchBytes(0);
        }
      }, c[0]);
      assertEquals(c[1], e.getMessage());
    }
  }

  @Test
  void batchesStopAtMaxBytesAndAnOversizedEventGoesAlone() throws Exception {
    RecordingTransport t = new RecordingTransport();
    try (Sink<Event> sink = builder(t).maxBatchBytes(200).linger(Duration.ofSeconds(10)).build()) {
      for (int i = 0; i < 50; i++) {
        sink.put(new Event(i));
      }
      sink.put(new Event(99, "x".repeat(1000)));
      sink.flush();
    }
    assertEquals(51, t.events.size());
    for (int i = 0; i < 50; i++) { // each, the ones moved to the next batch too, exactly as written
      assertEquals("{\"id\":" + i + ",\"name\":\"event " + i + "\"}", t.events.get(i));
    }
    assertEquals("{\"id\":99,\"name\":\"" + "x".repeat(1000) + "\"}", t.events.get(50));
    assertTrue(t.batchSizes.stream().allMatch(n -> n <= 8), "each event is ~27 bytes: " + t.batchSizes);
    assertEquals(1, (int) t.batchSizes.get(t.batchSizes.size() - 1), "the large event is sent alone");
  }

  /**
   * metrics().bytes() is the NDJSON size of what was delivered, each event with its line break;
   * the sink's batches know it without adding up their events, also when an event that took a
   * batch past maxBatchBytes was taken off its end to start the next one.
   */
  @ParameterizedTest
  @EnumSource(Sink.SerializeOn.class)
  void metricsCountTheNdjsonBytesDelivered(Sink.SerializeOn where) throws Exception {
    RecordingTransport t = new RecordingTransport();
    SinkMetrics m;
    try (Sink<Event> sink = builder(t).serializeOn(where).maxBatchBytes(200).linger(Duration.ofSeconds(10)).build()) {
      for (int i = 0; i < 300; i++) {
        sink.put(new Event(i, "e".repeat(i % 37)));
      }
      sink.put(new Event(999, "x".repeat(1000)));
      sink.flush();
      m = sink.metrics();
    }
    long expected = 0;
    for (String e : t.events) {
      expected += e.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1;
    }
    assertEquals(301, t.events.size());
    assertTrue(t.batchSizes.size() > 30, "many batches, most ended by maxBatchBytes: " + t.batchSizes);
    assertEquals(expected, m.bytes());

    Batch b = Batch.of("{\"a\":1}", "[]", "\"\u00e9\"");
    assertEquals(8 + 3 + 5, b.ndjsonBytes());
    assertEquals(3 + 8, b.select(new int[] {1, 0}, 2).ndjsonBytes());
    assertEquals(3 + 5, b.slice(1, 3).ndjsonBytes());
  }

  @Test
  void lingerSendsAPartialBatchWithoutFlush() throws Exception {
    RecordingTransport t = new RecordingTransport();
    try (Sink<Event> sink = builder(t).maxBatchEvents(1000).linger(Duration.ofMillis(20)).build()) {
      sink.put(new Event(1));
      long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (t.events.isEmpty() && System.nanoTime() < giveUp) {
        Thread.sleep(5);
      }
      assertEquals(List.of("{\"id\":1,\"name\":\"event 1\"}"), t.events);
    }
  }

  @Test
  void flushReturnsWhenEverythingAcceptedBeforeIsDelivered() throws Exception {
    RecordingTransport t = new RecordingTransport();
    try (Sink<Event> sink = builder(t).linger(Duration.ofHours(1)).maxBatchEvents(1 << 20).build()) {
      for (int round = 1; round <= 3; round++) {
        for (int i = 0; i < 1000; i++) {
          sink.put(new Event(i));
        }
        sink.flush();
        assertEquals(1000 * round, t.events.size());
        assertEquals(1000 * round, sink.metrics().delivered());
      }
    }
  }

  @Test
  @Timeout(60) // a flush that does not stop waiting would hang here
  void flushWithATimeoutSaysFalseWhileTheTransportIsStuckAndTrueOnceDelivered() throws Exception {
    CountDownLatch inSend = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RecordingTransport t = stuck(inSend, release);
    try (Sink<Event> sink = builder(t).maxBatchEvents(1).queueCapacity(4, 1 << 20).build()) {
      sink.put(new Event(0));
      inSend.await(); // the writer holds event 0 in the stuck transport
      sink.put(new Event(1));
      assertFalse(sink.flush(Duration.ofMillis(100)), "nothing can be delivered while the transport is stuck");
      int accepted = 2;
      while (sink.offer(new Event(accepted))) { // the queue fills (the first flush's marker holds a slot)
        accepted++;
      }
      assertFalse(sink.flush(Duration.ofMillis(100)), "no room even for the flush's marker");
      assertEquals(0, sink.metrics().delivered(), "the flushes that stopped waiting gave nothing up");
      release.countDown();
      assertTrue(sink.flush(Duration.ofSeconds(60)));
      assertEquals(accepted, t.events.size());
      assertEquals(accepted, sink.metrics().delivered());
    }
  }

  @Test
  void offerSaysFalseAndPutTimesOutWhileTheTransportIsStuck() throws Exception {
    CountDownLatch inSend = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RecordingTransport t = stuck(inSend, release);
    Sink<Event> sink = builder(t).maxBatchEvents(1).queueCapacity(4, 1 << 20)
        .putTimeout(Duration.ofMillis(50)).build();
    sink.put(new Event(-2));
    inSend.await(); // the writer holds one event in the stuck transport; the queue takes 4 more
    int accepted = 1;
    while (sink.offer(new Event(accepted))) {
      accepted++;
      assertTrue(accepted < 100, "a queue of 4 fills up");
    }
    assertEquals(5, accepted, "one in the transport and four queued");
    assertThrows(SinkFullException.class, () -> sink.put(new Event(-1)));
    release.countDown();
    sink.close();
    assertEquals(accepted, t.events.size());
    SinkMetrics m = sink.metrics();
    assertEquals(accepted, m.accepted());
    assertEquals(2, m.refused());
  }

  /**
   * A sink whose transport is stuck until {@code release}, its writer holding event 0 and its
   * queue of 4 full, and a producer parked in a put of event 5. The put's timeout and its
   * safety-net park are an hour: only a wake (from the writer, or from close) can end its wait
   * within the tests' 60 s joins.
   */
  private static final class WaitingPut {
    final CountDownLatch release = new CountDownLatch(1);
    final RecordingTransport transport;
    final Sink<Event> sink;
    final AtomicReference<Throwable> thrown = new AtomicReference<>();
    final Thread producer;

    WaitingPut() throws Exception {
      CountDownLatch inSend = new CountDownLatch(1);
      transport = stuck(inSend, release);
      Sink.Builder<Event> b = builder(transport).maxBatchEvents(1).queueCapacity(4, 1 << 20).putTimeout(Duration.ofHours(1));
      b.maxPutParkNanos = TimeUnit.HOURS.toNanos(1);
      sink = b.build();
      sink.put(new Event(0));
      inSend.await();
      for (int i = 1; i <= 4; i++) {
        assertTrue(sink.offer(new Event(i)), "a queue of 4 takes event " + i);
      }
      producer = new Thread(() -> {
        try {
          sink.put(new Event(5));
        } catch (Throwable e) {
          thrown.set(e);
        }
      });
      producer.start();
      while (producer.getState() != Thread.State.TIMED_WAITING) {
        assertTrue(producer.isAlive(), "the put cannot end while the queue is full: " + thrown.get());
        Thread.onSpinWait();
      }
    }
  }

  @Test
  void aPutWaitingForRoomIsWokenByTheWriter() throws Exception {
    WaitingPut w = new WaitingPut();
    w.release.countDown();
    w.producer.join(TimeUnit.SECONDS.toMillis(60));
    assertFalse(w.producer.isAlive(), "the writer took the queued events but did not wake the waiting put");
    assertEquals(null, w.thrown.get());
    w.sink.close();
    assertEquals(6, w.transport.events.size());
    assertEquals(6, w.sink.metrics().accepted());
  }

  @Test
  void closeWakesAPutWaitingForRoom() throws Exception {
    WaitingPut w = new WaitingPut();
    Thread closer = new Thread(() -> {
      try {
        w.sink.close(Duration.ofSeconds(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    closer.start();
    w.producer.join(TimeUnit.SECONDS.toMillis(60)); // the transport is still stuck: only close can wake it
    assertFalse(w.producer.isAlive(), "close did not wake the put waiting for room");
    assertTrue(w.thrown.get() instanceof IllegalStateException, "put after close began: " + w.thrown.get());
    w.release.countDown();
    closer.join();
    assertEquals(5, w.transport.events.size(), "the five events accepted before close are delivered");
    assertEquals(5, w.sink.metrics().accepted());
  }

  @Test
  void queueByteCapacityLimitsSerializedEventsWaiting() throws Exception {
    CountDownLatch inSend = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    RecordingTransport t = stuck(inSend, release);
    Sink<Event> sink = builder(t).serializeOn(Sink.SerializeOn.CALLER).maxBatchEvents(1)
        .queueCapacity(1024, 100).build();
    sink.put(new Event(-2));
    inSend.await();
    int accepted = 1;
    while (sink.offer(new Event(accepted))) {
      accepted++;
      assertTrue(accepted < 100, "100 bytes hold a few events of ~25 bytes");
    }
    assertTrue(accepted >= 4 && accepted <= 6, "one in the transport, three or four of ~25 bytes waiting: " + accepted);
    release.countDown();
    sink.close();
    assertEquals(accepted, t.events.size());
  }

  @Test
  void putAndOfferAfterCloseThrow() throws Exception {
    Sink<Event> sink = builder(new RecordingTransport()).build();
    sink.put(new Event(1));
    sink.close();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> sink.put(new Event(2)));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> sink.offer(new Event(3)));
    assertEquals(1, sink.metrics().delivered());
    assertEquals(1, sink.metrics().accepted());
  }

  @Test
  void transientFailuresAreRetriedUntilDelivered() throws Exception {
    RecordingTransport t = new RecordingTransport((call, b) -> {
      if (call <= 3) {
        throw new IOException("connection refused (call " + call + ")");
      }
      return Outcome.delivered();
    });
    try (Sink<Event> sink = builder(t).retry(fast()).build()) {
      for (int i = 0; i < 10; i++) {
        sink.put(new Event(i));
      }
      sink.flush();
      SinkMetrics m = sink.metrics();
      assertEquals(10, m.delivered());
      assertEquals(30, m.retried(), "ten events, three failed sends");
      assertEquals(4, m.batches());
      assertEquals(4, m.batchLatency().getTotalCount());
    }
    assertEquals(10, t.events.size());
  }

  @Test
  void partialOutcomesRetryOnlyTheFailedEventsAndDeadLetterTheRejectedWithTheirReason()
      throws Exception {
    // Every event whose id is divisible by 10 is refused for good; by 3, busy once.
    Set<Integer> busyOnce = new HashSet<>();
    RecordingTransport t = new RecordingTransport((call, b) -> {
      Outcome.Builder o = Outcome.builder(b.size());
      for (int i = 0; i < b.size(); i++) {
        int id = id(b.eventString(i));
        if (id % 10 == 0) {
          o.reject(i, "mapping conflict on event " + id);
        } else if (id % 3 == 0 && busyOnce.add(id)) {
          o.retry(i, "busy");
        }
      }
      return o.build();
    });
    RecordingTransport dead = new RecordingTransport();
    try (Sink<Event> sink = builder(t).deadLetters(dead).retry(fast()).build()) {
      for (int i = 1; i <= 100; i++) {
        sink.put(new Event(i));
      }
    }
    assertEquals(90, t.events.size());
    assertEquals(90, new HashSet<>(t.events).size(), "no event delivered twice");
    assertEquals(10, dead.events.size());
    for (String record : dead.events) {
      JsonObject o = (JsonObject) Json.parse(record);
      int id = o.getObject("event").getNumber("id").intValue();
      assertEquals(0, id % 10, record);
      assertEquals("mapping conflict on event " + id, o.getString("error"));
    }
  }

  @Test
  void eventsAreDeadLetteredWhenTheAttemptsRunOut() throws Exception {
    RecordingTransport t = new RecordingTransport((call, b) -> Outcome.retry("HTTP 503"));
    RecordingTransport dead = new RecordingTransport();
    Sink<Event> sink = builder(t).deadLetters(dead).retry(fast().maxAttempts(3)).build();
    for (int i = 0; i < 5; i++) {
      sink.put(new Event(i));
    }
    SinkMetrics m = sink.close(Duration.ofSeconds(30));
    assertEquals(3, t.calls);
    assertEquals(5, m.deadLettered());
    assertEquals(10, m.retried());
    assertEquals(0, m.pending());
    assertEquals(5, dead.events.size());
    assertEquals("gave up after 3 attempt(s): HTTP 503",
        ((JsonObject) Json.parse(dead.events.get(0))).getString("error"));
  }

  @Test
  void closeWithoutDeadLettersReportsWhatWasNotDelivered() throws Exception {
    RecordingTransport t = new RecordingTransport((call, b) -> Outcome.rejected("HTTP 400: bad"));
    Sink<Event> sink = builder(t).build();
    sink.put(new Event(1));
    sink.put(new Event(2));
    IncompleteDeliveryException e = assertThrows(IncompleteDeliveryException.class, sink::close);
    assertEquals(2, e.metrics().failed());
    assertTrue(e.getMessage().contains("HTTP 400: bad"), e.getMessage());
  }

  @Test
  void closeGivesUpRetryingAtItsTimeoutAndDeadLettersTheRest() throws Exception {
    RecordingTransport t = new RecordingTransport((call, b) -> {
      throw new IOException("server down");
    });
    RecordingTransport dead = new RecordingTransport();
    Sink<Event> sink = builder(t).deadLetters(dead).build(); // default policy: retries forever
    for (int i = 0; i < 20; i++) {
      sink.put(new Event(i));
    }
    SinkMetrics m = sink.close(Duration.ofMillis(300));
    assertEquals(20, m.accepted());
    assertEquals(20, m.deadLettered());
    assertEquals(0, m.delivered());
    String error = ((JsonObject) Json.parse(dead.events.get(0))).getString("error");
    assertTrue(error.startsWith("not delivered before the sink's close timeout; last error: IOException: server down"), error);
  }

  @Test
  void anEventTheSerializerCannotWriteIsDeadLetteredOnTheWriterThread() throws Exception {
    RecordingTransport t = new RecordingTransport();
    RecordingTransport dead = new RecordingTransport();
    try (Sink<Event> sink = Sink.<Event>builder()
        .serializer((e, w) -> {
          if (e.id() == 2) {
            throw new IllegalArgumentException("no event 2");
          }
          write(e, w);
        })
        .transport(t).deadLetters(dead).build()) {
      for (int i = 1; i <= 3; i++) {
        sink.put(new Event(i));
      }
    }
    assertEquals(2, t.events.size());
    JsonObject record = (JsonObject) Json.parse(dead.events.get(0));
    assertEquals("could not serialize the event: IllegalArgumentException: no event 2", record.getString("error"));
    assertEquals("Event[id=2, name=event 2]", record.getString("eventText"));
  }

  /**
   * A serializer that fails halfway through an event (after writing part of it, or a whole value
   * and then another) leaves the events before it in the batch exactly as they were: the writer
   * takes the failed event's bytes out and rebuilds the batch from the ends it recorded.
   */
  @Test
  void aSerializerFailingHalfwayLeavesTheEventsBeforeItIntact() throws Exception {
    RecordingTransport t = new RecordingTransport();
    RecordingTransport dead = new RecordingTransport();
    try (Sink<Event> sink = Sink.<Event>builder()
        .serializer((e, w) -> {
          if (e.id() == 3) {
            w.beginObject().name("id").value(3).name("half"); // then fails
            throw new IllegalStateException("event 3 fails halfway");
          }
          write(e, w);
          if (e.id() == 5) {
            write(e, w); // two values for one event
          }
        })
        .transport(t).deadLetters(dead)
        .linger(Duration.ofSeconds(10)) // one batch: events 1, 2 and 4 are in it at each failure
        .build()) {
      for (int i = 1; i <= 6; i++) {
        sink.put(new Event(i));
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i : new int[] {1, 2, 4, 6}) {
      expected.add("{\"id\":" + i + ",\"name\":\"event " + i + "\"}");
    }
    assertEquals(expected, t.events);
    assertEquals(List.of(4), t.batchSizes, "one batch, rebuilt twice");
    assertEquals(2, dead.events.size());
  }

  /** An object that holds itself: its toString() and a naive serializer never end. */
  static final class Loop {
    final List<Object> items = new ArrayList<>();

    Loop() {
      items.add(this);
    }

    @Override
    public String toString() {
      return "Loop" + items;
    }

    /** Recurses before it writes anything, so that no writer limit stops it first. */
    void write(JsonWriter w) {
      ((Loop) items.get(0)).write(w);
    }
  }

  /**
   * A serializer that recursed without end threw StackOverflowError on the writer thread, which
   * stopped it: every later event failed. Now that event alone is dead-lettered (its toString()
   * overflows too, and is not needed), and the sink goes on.
   */
  @Test
  void aSerializerThatOverflowsTheStackCostsItsEventNotTheSink() throws Exception {
    RecordingTransport t = new RecordingTransport();
    RecordingTransport dead = new RecordingTransport();
    SinkMetrics m;
    try (Sink<Object> sink = Sink.<Object>builder()
        .serializer((o, w) -> {
          if (o instanceof Loop) {
            ((Loop) o).write(w);
          } else {
            w.value((String) o);
          }
        })
        .transport(t).deadLetters(dead).build()) {
      sink.put("a");
      sink.put(new Loop());
      sink.put("b");
      assertTrue(sink.flush(Duration.ofSeconds(10)));
      m = sink.metrics();
    }
    assertEquals(List.of("\"a\"", "\"b\""), t.events);
    assertEquals(1, m.deadLettered());
    JsonObject record = (JsonObject) Json.parse(dead.events.get(0));
    assertEquals("could not serialize the event: StackOverflowError", record.getString("error"));
    assertTrue(record.getString("eventText").contains("its toString() failed: StackOverflowError"), record.getString("eventText"));
  }

  @Test
  void anEventTheSerializerCannotWriteIsRefusedByPutOnTheCallerThread() throws Exception {
    RecordingTransport t = new RecordingTransport();
    try (Sink<Event> sink = Sink.<Event>builder()
        .serializer((e, w) -> w.beginObject()) // never completes the object
        .serializeOn(Sink.SerializeOn.CALLER).transport(t).build()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> sink.put(new Event(1)));
      assertTrue(e.getMessage().contains("did not write one complete JSON value"), e.getMessage());
      assertEquals(0, sink.metrics().accepted());
      assertEquals(1, sink.metrics().refused());
    }
  }

  /**
   * An outcome for fewer events than the batch (a transport's bug) stopped the writer thread with
   * an index out of bounds, and every event after it failed; it is retried as the whole batch now.
   */
  @Test
  void anOutcomeOfTheWrongSizeIsRetriedAndTheWriterGoesOn() throws Exception {
    RecordingTransport good = new RecordingTransport();
    java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
    Transport buggy = batch -> calls.incrementAndGet() == 1 ? Outcome.builder(batch.size() - 1).build() : good.send(batch);
    SinkMetrics m;
    try (Sink<Event> sink = Sink.<Event>builder().serializer(SinkTest::write).transport(buggy)
        .maxBatchEvents(3).retry(RetryPolicy.exponential(Duration.ofMillis(1), Duration.ofMillis(2)).maxAttempts(5)).build()) {
      for (int i = 1; i <= 6; i++) {
        sink.put(new Event(i));
      }
      assertTrue(sink.flush(Duration.ofSeconds(10)));
      m = sink.metrics();
    }
    assertEquals(6, good.events.size());
    assertEquals(6, new HashSet<>(good.events).size(), "each event once");
    assertEquals(6, m.delivered());
    assertTrue(m.retried() >= 1, m.toString());
  }

  /**
   * A serializer that writes two values for one event wrote one event with a line break in it:
   * NDJSON and _bulk then took it as two (and an HTTP array body was not JSON). It is refused now,
   * as a serializer that writes nothing is, on either thread, and the other events go.
   */
  @ParameterizedTest
  @EnumSource(Sink.SerializeOn.class)
  void aSerializerThatWritesTwoValuesForOneEventIsRefused(Sink.SerializeOn where) throws Exception {
    RecordingTransport t = new RecordingTransport();
    RecordingTransport dead = new RecordingTransport();
    try (Sink<Event> sink = Sink.<Event>builder()
        .serializer((e, w) -> {
          write(e, w);
          if (e.id() == 2) {
            write(e, w);
          }
        })
        .serializeOn(where).transport(t).deadLetters(dead).build()) {
      for (int i = 1; i <= 3; i++) {
        if (i == 2 && where == Sink.SerializeOn.CALLER) {
          IllegalStateException e = assertThrows(IllegalStateException.class, () -> sink.put(new Event(2)));
          assertTrue(e.getMessage().contains("did not write one complete JSON value"), e.getMessage());
        } else {
          sink.put(new Event(i));
        }
      }
    }
    assertEquals(2, t.events.size());
    for (String e : t.events) {
      assertFalse(e.contains("\n"), e);
      assertEquals(JsonObject.class, Json.parse(e).getClass());
    }
    if (where == Sink.SerializeOn.WRITER) {
      assertTrue(((JsonObject) Json.parse(dead.events.get(0))).getString("error").contains("did not write one complete JSON value"));
    }
  }

  @ParameterizedTest
  @EnumSource(Sink.SerializeOn.class)
  void manyProducersLoseNothingAndDuplicateNothing(Sink.SerializeOn where) throws Exception {
    int producers = 4;
    int each = 50_000;
    RecordingTransport t = new RecordingTransport();
    Sink<Event> sink = builder(t).serializeOn(where).queueCapacity(256, 1 << 20).build();
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      int base = p * each;
      Thread th = new Thread(() -> {
        try {
          for (int i = 0; i < each; i++) {
            sink.put(new Event(base + i));
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      threads.add(th);
      th.start();
    }
    for (Thread th : threads) {
      th.join();
    }
    sink.close();
    assertEquals(producers * each, t.events.size());
    boolean[] seen = new boolean[producers * each];
    int[] lastOfProducer = new int[producers];
    java.util.Arrays.fill(lastOfProducer, -1);
    for (String json : t.events) {
      int id = id(json);
      assertFalse(seen[id], "delivered twice: " + id);
      seen[id] = true;
      int p = id / each;
      assertTrue(id > lastOfProducer[p], "each producer's events keep their order");
      lastOfProducer[p] = id;
    }
    SinkMetrics m = sink.metrics();
    assertEquals(producers * each, m.accepted());
    assertEquals(m.accepted(), m.delivered());
    assertEquals(0, m.queueDepth());
  }

  @Test
  void closeWhileProducersAreRunningAccountsForEveryAcceptedEvent() throws Exception {
    RecordingTransport t = new RecordingTransport();
    Sink<Event> sink = builder(t).queueCapacity(64, 1 << 20).build();
    int producers = 3;
    long[] accepted = new long[producers];
    List<Thread> threads = new ArrayList<>();
    CountDownLatch started = new CountDownLatch(producers);
    for (int p = 0; p < producers; p++) {
      int me = p;
      Thread th = new Thread(() -> {
        started.countDown();
        for (int i = 0; ; i++) {
          try {
            sink.put(new Event(me * 10_000_000 + i));
            accepted[me]++;
          } catch (IllegalStateException closed) {
            return;
          } catch (InterruptedException e) {
            return;
          }
        }
      });
      threads.add(th);
      th.start();
    }
    started.await();
    Thread.sleep(50); // let them run into the queue; the check below does not depend on how far
    SinkMetrics m = sink.close(Duration.ofSeconds(30));
    for (Thread th : threads) {
      th.join();
    }
    long total = accepted[0] + accepted[1] + accepted[2];
    assertEquals(total, m.accepted());
    assertEquals(total, m.delivered());
    assertEquals(total, t.events.size());
  }

  /**
   * Flushes racing the producers and the close: their markers share the queue (and its count of
   * offers) with the events, and must not be counted as accepted events; a flush that meets the
   * closed queue returns once the writer has finished, never before what was accepted is out.
   */
  @Test
  void flushesRacingTheCloseAreNotCountedAsEvents() throws Exception {
    RecordingTransport t = new RecordingTransport();
    Sink<Event> sink = builder(t).queueCapacity(64, 1 << 20).build();
    AtomicLong accepted = new AtomicLong();
    AtomicInteger flushes = new AtomicInteger();
    AtomicBoolean closed = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    CountDownLatch started = new CountDownLatch(4);
    for (int p = 0; p < 4; p++) {
      int me = p;
      Thread th = new Thread(() -> {
        started.countDown();
        try {
          for (int i = 0; !closed.get(); i++) {
            if (me == 3) {
              sink.flush(); // after the close too: it must return once the writer has ended
              flushes.incrementAndGet();
            } else {
              sink.put(new Event(me * 10_000_000 + i));
              accepted.incrementAndGet();
            }
          }
        } catch (IllegalStateException | InterruptedException stopped) {
          // put after close
        }
      });
      threads.add(th);
      th.start();
    }
    started.await();
    Thread.sleep(50);
    SinkMetrics m = sink.close(Duration.ofSeconds(30));
    closed.set(true);
    for (Thread th : threads) {
      th.join();
    }
    assertTrue(flushes.get() > 0, "the flusher never flushed");
    assertEquals(accepted.get(), m.accepted(), m.toString());
    assertEquals(accepted.get(), m.delivered());
    assertEquals(accepted.get(), t.events.size());
    sink.flush(); // after close: returns at once, the writer having ended
    assertTrue(sink.flush(Duration.ofMillis(1)));
  }

  @Test
  void rawJsonEventsAreCopiedAsTheyAre() throws Exception {
    RecordingTransport t = new RecordingTransport();
    try (Sink<byte[]> sink = Sink.<byte[]>builder().serializer(EventSerializer.rawJson()).transport(t).build()) {
      sink.put("{\"a\": [1, 2]}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    assertEquals(List.of("{\"a\": [1, 2]}"), t.events);
  }

  /** Signals {@code inSend} when called, then waits for {@code release}. */
  static RecordingTransport stuck(CountDownLatch inSend, CountDownLatch release) {
    return new RecordingTransport((call, b) -> {
      inSend.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        throw new IOException(e);
      }
      return Outcome.delivered();
    });
  }

  static RetryPolicy fast() {
    return RetryPolicy.exponential(Duration.ofMillis(1), Duration.ofMillis(5));
  }
}
