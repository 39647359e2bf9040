package dev.brisk.sink;

import dev.brisk.json.JsonWriter;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A batching event sink: producers hand events over without a lock, one background writer thread
 * forms batches, serializes them into a reused buffer and gives them to a {@link Transport},
 * retrying what failed for now and sending what can never be delivered to a dead-letter
 * transport, with the reason. Nothing accepted is dropped unseen: every accepted event ends up
 * {@linkplain SinkMetrics#delivered() delivered}, {@linkplain SinkMetrics#deadLettered()
 * dead-lettered} or counted {@linkplain SinkMetrics#failed() failed} and reported by {@link
 * #close()}. Delivery is at least once: a batch whose answer was lost is sent again, so a
 * transport that must not duplicate gives events ids (OpenSearch {@code _id}).
 *
 * <pre>{@code
 * try (Sink<User> sink = Sink.<User>builder()
 *     .serializer(Codecs.get(User.class)::write)
 *     .transport(NdjsonFileTransport.builder(Path.of("out")).build())
 *     .build()) {
 *   for (User u : users) {
 *     sink.put(u);
 *   }
 * } // close(): everything delivered, or an IncompleteDeliveryException says what was not
 * }</pre>
 *
 * <h2>Threads</h2>
 * {@link #put}, {@link #offer}, {@link #flush}, {@link #metrics} and {@link #close} may be called
 * from any number of threads. {@code put} and {@code offer} take no lock: the event goes into a
 * {@link HandOffQueue} with one CAS on its producer index, which {@code close} closes with a CAS
 * on the same word, so no event can slip in after the writer's last look; only when the queue
 * is full does {@code put} wait, parked until the writer has taken a quarter of the queue's
 * events or bytes, or emptied it. The
 * serializer and the transport run on the writer thread (the serializer on the calling thread
 * instead with {@link Builder#serializeOn serializeOn(CALLER)}); the transport is only ever called
 * from the writer thread, one batch at a time.
 *
 * <h2>Happens-before</h2>
 * Everything a producer did before {@code put}/{@code offer} returned normally (true) happens
 * before the serializer and transport see that event on the writer thread (the queue's release
 * store and the writer's acquire load). Completion of the transport's {@code send} for an event
 * happens before {@link #flush()} returns in any thread whose flush started after that event was
 * accepted. The serializer must not change the event's state concurrently with the producer: hand
 * over events you no longer modify.
 *
 * <h2>Closing</h2>
 * {@link #close(Duration)} stops new events ({@code put} and {@code offer} then throw {@link
 * IllegalStateException}; a hand-over that won its CAS before the close is accepted), then lets
 * the writer deliver everything queued. Retries go on until the timeout; what is still
 * undelivered then goes to the dead letters with the reason "not delivered before close timeout".
 */
public final class Sink<T> implements AutoCloseable {
  /** Where events are serialized. */
  public enum SerializeOn {
    /**
     * On the producer's thread inside {@code put}: the queue holds bytes, and the queue's byte
     * capacity applies. Serialization of several producers runs in parallel.
     */
    CALLER,
    /** On the writer thread, into one reused buffer: nothing is allocated per event. */
    WRITER
  }

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final EventSerializer<? super T> serializer;
  private final Transport transport;
  private final Transport deadLetters;
  private final int maxBatchEvents;
  private final int maxBatchBytes;
  private final long lingerNanos;
  private final long maxQueueBytes;
  private final long putTimeoutNanos;
  /** The longest a waiting {@code put} parks before it looks again unwoken (a safety net). */
  private final long maxPutParkNanos;
  private final RetryPolicy retry;
  private final boolean onCaller;
  private final HandOffQueue<Object> queue;
  private final Thread writer;

  // Producer side. accepted = events offered to the queue (its index counts flush markers too, and
  // the writer counts the markers it takes out).
  private final LongAdder refused = new LongAdder();
  /** Bytes of serialized events in the queue (CALLER mode only). */
  private final AtomicLong queuedBytes = new AtomicLong();
  private volatile boolean writerParked;
  /**
   * Producers parked in {@code put} until the queue has room; the writer wakes them each time it
   * has taken a quarter of the queue's capacity in events or bytes, or emptied it (see {@link
   * #putSlow}).
   */
  private final ConcurrentLinkedQueue<Thread> waiting = new ConcurrentLinkedQueue<>();
  private final int wakeEvery;
  private final long wakeEveryBytes;
  /** System.nanoTime after which retries stop (set by close); valid when aborting. */
  private volatile long abortAt;
  private volatile boolean aborting;
  private SinkMetrics finalMetrics; // guarded by this

  // Writer side: written by the writer thread only, read by any (volatile for visibility).
  private volatile long delivered;
  private volatile long retried;
  private volatile long deadLettered;
  private volatile long failed;
  private volatile long batches;
  private volatile long bytes;
  private final Histogram latency = new ConcurrentHistogram(3);
  private final List<String> failures = new ArrayList<>(); // the first reasons; guarded by itself
  private volatile Throwable writerError;
  /** Flush markers the writer has taken out of the queue, whose index counts them as offers. */
  private volatile long markersTaken;

  private Sink(Builder<T> b) {
    this.serializer = Objects.requireNonNull(b.serializer, "serializer: call serializer(...)");
    this.transport = Objects.requireNonNull(b.transport, "transport: call transport(...)");
    this.deadLetters = b.deadLetters;
    this.maxBatchEvents = b.maxBatchEvents;
    this.maxBatchBytes = b.maxBatchBytes;
    this.lingerNanos = Durations.nanos(b.linger);
    this.maxQueueBytes = b.maxQueueBytes;
    this.putTimeoutNanos = Durations.nanos(b.putTimeout);
    this.maxPutParkNanos = b.maxPutParkNanos;
    this.retry = b.retry;
    this.onCaller = b.serializeOn == SerializeOn.CALLER;
    this.queue = newQueue(b.queueEvents);
    this.wakeEvery = Math.max(1, queue.capacity() / 4);
    this.wakeEveryBytes = Math.max(1, maxQueueBytes / 4);
    this.writer = new Thread(new Writer(), "brisk-sink-writer-" + THREADS.incrementAndGet());
    writer.setDaemon(true);
    writer.start();
  }

  /** A builder; {@link Builder#serializer} and {@link Builder#transport} are required. */
  public static <T> Builder<T> builder() {
    return new Builder<>();
  }

  // ---------------------------------------------------------------------------------------------
  // Producers

  /**
   * Hands {@code event} to the sink, waiting up to the put timeout while the queue is full.
   *
   * @throws SinkFullException when the queue stayed full for the whole put timeout
   * @throws IllegalStateException when the sink is closed
   * @throws InterruptedException when interrupted while waiting; the event was not accepted
   * @throws RuntimeException from the serializer (CALLER mode); the event was not accepted
   */
  public void put(T event) throws InterruptedException {
    Objects.requireNonNull(event, "event");
    boolean ok = false;
    try {
      Object item = onCaller ? serializeOpen(event) : event;
      int r = handOver(item);
      if (r == HandOffQueue.FULL) {
        r = putSlow(item);
      }
      if (r == HandOffQueue.CLOSED) {
        throw closedException();
      }
      ok = r == HandOffQueue.OFFERED;
      if (!ok) {
        throw new SinkFullException("the sink's queue stayed full for "
            + Duration.ofNanos(putTimeoutNanos) + ": the transport (" + transport.describe()
            + ") is slower than the producers, or failing; see metrics()");
      }
    } finally {
      if (!ok) {
        refused.increment();
      }
    }
  }

  /**
   * Hands {@code event} to the sink if the queue has room now.
   *
   * @return whether the event was accepted
   * @throws IllegalStateException when the sink is closed
   */
  public boolean offer(T event) {
    Objects.requireNonNull(event, "event");
    boolean ok = false;
    try {
      int r = handOver(onCaller ? serializeOpen(event) : event);
      if (r == HandOffQueue.CLOSED) {
        throw closedException();
      }
      ok = r == HandOffQueue.OFFERED;
      return ok;
    } finally {
      if (!ok) {
        refused.increment();
      }
    }
  }

  /** {@link HandOffQueue#OFFERED}, {@code FULL} (or over the byte capacity) or {@code CLOSED}. */
  private int handOver(Object item) {
    if (onCaller && !reserveBytes(((byte[]) item).length)) {
      return queue.isClosed() ? HandOffQueue.CLOSED : HandOffQueue.FULL;
    }
    int r = queue.offer(item);
    if (r != HandOffQueue.OFFERED) {
      if (onCaller) {
        queuedBytes.addAndGet(-((byte[]) item).length);
      }
      return r;
    }
    if (writerParked) { // StoreLoad: the offer's CAS precedes this read
      LockSupport.unpark(writer);
    }
    return r;
  }

  private boolean reserveBytes(int n) {
    long after = queuedBytes.addAndGet(n);
    if (after > maxQueueBytes && after != n) { // one event larger than the capacity still goes alone
      queuedBytes.addAndGet(-n);
      return false;
    }
    return true;
  }

  /**
   * Waits for room, parked until the writer wakes it. No wake is lost: this thread joins {@link
   * #waiting} (a CAS) before it looks at the queue again, and the writer, after taking events
   * (which frees their slots and bytes), passes a full fence before it reads {@code waiting}; so
   * either the look sees the room or the writer sees this thread and unparks it (an unpark before
   * the park makes the park return at once). The park is also bounded, as a safety net.
   */
  private int putSlow(Object item) throws InterruptedException {
    long deadline = System.nanoTime() + putTimeoutNanos;
    Thread me = Thread.currentThread();
    waiting.add(me);
    try {
      for (;;) {
        if (Thread.interrupted()) {
          throw new InterruptedException("interrupted while waiting for room in the sink's queue");
        }
        int r = handOver(item);
        if (r != HandOffQueue.FULL) {
          return r;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return r;
        }
        LockSupport.parkNanos(this, Math.min(left, maxPutParkNanos));
      }
    } finally {
      waiting.remove(me);
    }
  }

  /** Unparks the producers waiting for room: called by the writer after it has taken events. */
  private void wakeProducers() {
    VarHandle.fullFence(); // the consumer index and bytes freed before the read of waiting
    if (!waiting.isEmpty()) {
      for (Thread t : waiting) {
        LockSupport.unpark(t);
      }
    }
  }

  /** The event's bytes, for CALLER mode; a closed sink throws first rather than serialize in vain. */
  private byte[] serializeOpen(T event) {
    if (queue.isClosed()) {
      throw closedException();
    }
    return JsonWriter.toBytes(w -> {
      serializer.write(event, w);
      if (!w.isComplete() || w.topLevelValues() != 1) {
        throw new IllegalStateException("the serializer did not write one complete JSON value for " + event);
      }
    });
  }

  private IllegalStateException closedException() {
    Throwable e = writerError;
    return new IllegalStateException(
        e == null ? "the sink is closed" : "the sink stopped after an error in its writer thread: " + e, e);
  }

  // ---------------------------------------------------------------------------------------------
  // Flush, metrics, close

  /**
   * Returns when every event accepted before this call is delivered, dead-lettered or counted
   * failed; with a transport that keeps failing, that is when the retry policy gives up, which
   * for {@link RetryPolicy#forever} is never: {@link #flush(Duration)} bounds the wait.
   */
  public void flush() throws InterruptedException {
    Marker m = new Marker();
    int queued = enqueueMarker(m, 0, false);
    if (queued == QUEUED) {
      m.await(writer, 0, false);
    } else if (queued == CLOSED) {
      awaitWriterEnd(0, false);
    }
  }

  /**
   * {@link #flush()}, waiting at most {@code timeout}. Delivery goes on after a timeout: nothing
   * is dropped or given up because a flush stopped waiting.
   *
   * @return true when every event accepted before this call is delivered, dead-lettered or
   *     counted failed; false when the timeout passed first (the queue may have been too full
   *     even to take the flush's marker)
   */
  public boolean flush(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + Durations.nanos(timeout);
    Marker m = new Marker();
    int queued = enqueueMarker(m, deadline, true);
    if (queued == CLOSED) {
      return awaitWriterEnd(deadline, true);
    }
    return queued == WRITER_STOPPED || (queued == QUEUED && m.await(writer, deadline, true));
  }

  /**
   * After the close: everything accepted is the writer's to finish before it ends, so a flush
   * waits for that (or, when {@code timed}, until {@code deadline}).
   */
  private boolean awaitWriterEnd(long deadline, boolean timed) throws InterruptedException {
    if (!timed) {
      writer.join();
      return true;
    }
    long left = deadline - System.nanoTime();
    if (left > 0) {
      TimeUnit.NANOSECONDS.timedJoin(writer, left);
    }
    return !writer.isAlive();
  }

  /** A snapshot of the counters; see {@link SinkMetrics} for what is exact when. */
  public SinkMetrics metrics() {
    long r = refused.sum();
    // Exact after close (the writer has taken every marker); while running, a flush's marker
    // still in the queue counts as an event.
    long accepted = queue.offered() - markersTaken;
    return new SinkMetrics(
        accepted, r, delivered, retried, deadLettered, failed, queue.size(), batches, bytes, latency.copy());
  }

  /**
   * Stops taking events and delivers everything accepted, retrying up to {@code timeout}; what is
   * still not delivered then is dead-lettered (or counted failed without a dead-letter transport).
   * Closes the transports. Idempotent: a second call returns the same final metrics.
   *
   * @return the final counters; {@link SinkMetrics#failed()} and {@link SinkMetrics#pending()} say
   *     what was not delivered nor dead-lettered
   */
  public SinkMetrics close(Duration timeout) throws InterruptedException {
    synchronized (this) {
      if (finalMetrics != null) {
        return finalMetrics;
      }
      // After this CAS no event or flush marker gets into the queue; one whose CAS came first is
      // in it, and the writer takes everything in it before it ends. Producers waiting for room
      // are woken to see the queue closed.
      queue.close();
      wakeProducers();
      long timeoutNanos = Durations.nanos(timeout);
      abortAt = System.nanoTime() + timeoutNanos;
      aborting = true;
      LockSupport.unpark(writer); // wakes a park or a backoff sleep, which then sees the close and the deadline
      // a send in progress may still time out
      writer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos)) + 60_000);
      if (writer.isAlive()) {
        writer.interrupt();
        writer.join(5_000);
      }
      closeQuietly(transport);
      if (deadLetters != null) {
        closeQuietly(deadLetters);
      }
      finalMetrics = metrics();
      return finalMetrics;
    }
  }

  /**
   * Closes with a timeout of two minutes.
   *
   * @throws IncompleteDeliveryException when events were neither delivered nor dead-lettered
   */
  @Override
  public void close() {
    SinkMetrics m;
    try {
      m = close(Duration.ofMinutes(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      m = metrics();
    }
    if (m.failed() > 0 || m.pending() > 0) {
      List<String> first;
      synchronized (failures) {
        first = new ArrayList<>(failures);
      }
      throw new IncompleteDeliveryException(
          m.failed() + " event(s) failed and " + m.pending() + " still pending when the sink closed "
              + "(configure a dead-letter transport to keep them); first reasons: " + first, m);
    }
  }

  private static final int QUEUED = 0;
  /** The writer thread has stopped: it counted everything it could not deliver as failed. */
  private static final int WRITER_STOPPED = 1;
  private static final int TIMED_OUT = 2;
  /** The sink is closed: the writer finishes what was accepted, then ends. */
  private static final int CLOSED = 3;

  /** Puts {@code m} in the queue, waiting for room until {@code deadline} when {@code timed}. */
  private int enqueueMarker(Marker m, long deadline, boolean timed) throws InterruptedException {
    int r;
    while ((r = queue.offer(m)) != HandOffQueue.OFFERED) {
      if (r == HandOffQueue.CLOSED) {
        return writerError != null ? WRITER_STOPPED : CLOSED;
      }
      if (!writer.isAlive()) {
        return WRITER_STOPPED;
      }
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (timed && System.nanoTime() - deadline >= 0) {
        return TIMED_OUT;
      }
      LockSupport.parkNanos(100_000);
    }
    LockSupport.unpark(writer);
    return QUEUED;
  }

  private static void closeQuietly(Transport t) {
    try {
      t.close();
    } catch (IOException | RuntimeException e) {
      // The events are accounted for already; a failing close loses nothing of ours.
    }
  }

  private static final class Marker {
    final CountDownLatch done = new CountDownLatch(1);

    /**
     * Waits until the writer has passed this marker or stopped (true), or, when {@code timed},
     * until {@code deadline} (false).
     */
    boolean await(Thread writer, long deadline, boolean timed) throws InterruptedException {
      for (;;) {
        long wait = TimeUnit.MILLISECONDS.toNanos(50);
        if (timed) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            return done.getCount() == 0;
          }
          wait = Math.min(wait, left);
        }
        if (done.await(wait, TimeUnit.NANOSECONDS) || !writer.isAlive()) {
          return true;
        }
      }
    }
  }

  /**
   * The queue, whose array of slots is made whole now: one the heap cannot hold is a builder error
   * that says what to change, rather than an OutOfMemoryError from build().
   */
  private static <E> HandOffQueue<E> newQueue(int events) {
    try {
      return new HandOffQueue<>(events);
    } catch (OutOfMemoryError e) {
      long slots = HandOffQueue.slotsFor(events);
      throw new IllegalArgumentException("a queue of " + events + " events is an array of " + slots
          + " slots (at least " + (slots * 4 >> 20) + " MiB), which this JVM's heap (at most "
          + (Runtime.getRuntime().maxMemory() >> 20) + " MiB) could not hold: build the sink with a"
          + " smaller queueCapacity, or give the JVM more heap (-Xmx)", e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The writer thread

  /**
   * The batch being formed: events written straight into one {@link JsonWriter}, which puts a line
   * break between top-level values, with where each ends. The first starts at 0 (a value is the
   * first thing written after a reset), each other one byte, the line break, after the end of the
   * one before it.
   */
  private static final class Buffer {
    final JsonWriter w = JsonWriter.create();
    int count;
    int[] ends;

    Buffer(int events) {
      ends = new int[events];
    }

    int size() {
      return (int) w.size();
    }

    /**
     * Records the value written since {@code before} as the next event, if it is one: one whole
     * value (two would be two lines, which NDJSON and _bulk would take as two events).
     */
    boolean commit(long before) {
      long after = w.size();
      if (!w.isComplete() || after == before || w.topLevelValues() != count + 1) {
        return false;
      }
      int n = count;
      if (n == ends.length) {
        ends = Arrays.copyOf(ends, n * 2);
      }
      ends[n] = (int) after;
      count = n + 1;
      return true;
    }

    /** Drops whatever was written after the last committed event: a serializer failed midway. */
    void rollback() {
      int n = count;
      byte[] keep = n == 0 ? null : Arrays.copyOf(w.buffer(), ends[n - 1]);
      int[] e = ends.clone();
      int from = 0;
      clear();
      for (int i = 0; i < n; i++) {
        long before = w.size();
        w.rawValue(keep, from, e[i] - from);
        commit(before);
        from = e[i] + 1;
      }
    }

    /** Takes the last event out (its bytes copied), leaving the others. */
    byte[] removeLast() {
      int from = count == 1 ? 0 : ends[count - 2] + 1;
      byte[] last = Arrays.copyOfRange(w.buffer(), from, ends[count - 1]);
      count--;
      return last;
    }

    void clear() {
      w.reset();
      count = 0;
    }
  }

  private final class Writer implements Runnable {
    private final Buffer batch = new Buffer(Math.min(maxBatchEvents, 1 << 16));
    private final Buffer dead = new Buffer(16);
    private int[] identity = new int[0];
    private long lingerDeadline;

    @Override
    public void run() {
      try {
        loop();
      } catch (Throwable t) {
        writerError = t;
        queue.close();
        wakeProducers();
        synchronized (failures) {
          failures.add("writer thread stopped: " + t);
        }
        failRemaining("writer thread stopped: " + t);
      }
    }

    @SuppressWarnings("unchecked")
    private void loop() {
      final HandOffQueue<Object> q = queue;
      // The sink's settings in locals: the JIT reloads final instance fields on every pass.
      final boolean onCaller = Sink.this.onCaller;
      final EventSerializer<? super T> serializer = Sink.this.serializer;
      final Buffer b = batch;
      final int maxBatchBytes = Sink.this.maxBatchBytes;
      final int maxBatchEvents = Sink.this.maxBatchEvents;
      final int wakeEvery = Sink.this.wakeEvery;
      final long wakeEveryBytes = Sink.this.wakeEveryBytes;
      int taken = 0; // events taken since producers were last woken
      long takenBytes = 0; // and their bytes, in CALLER mode
      for (;;) {
        Object o = q.poll();
        if (o == null) {
          if (taken > 0) {
            taken = 0;
            takenBytes = 0;
            wakeProducers();
          }
          if (q.isClosed()) {
            if (q.isDrainedAndClosed()) {
              if (b.count > 0) {
                deliverBatch();
              }
              return;
            }
            Thread.onSpinWait(); // a producer whose CAS beat the close is storing its event
            continue;
          }
          if (b.count > 0) {
            long now = System.nanoTime();
            if (now - lingerDeadline >= 0) {
              deliverBatch();
            } else {
              LockSupport.parkNanos(Math.min(lingerDeadline - now, 1_000_000));
            }
            continue;
          }
          writerParked = true; // StoreLoad: the queue is read again after this volatile store
          if (q.isEmpty()) {
            LockSupport.parkNanos(100_000_000);
          }
          writerParked = false;
          continue;
        }
        if (o instanceof Marker) {
          markersTaken++;
          if (b.count > 0) {
            deliverBatch();
          }
          ((Marker) o).done.countDown();
          continue;
        }
        if (b.count == 0) {
          lingerDeadline = System.nanoTime() + lingerNanos;
        }
        if (onCaller) {
          takenBytes += ((byte[]) o).length;
          addBytes((byte[]) o);
        } else {
          // The event is serialized here, not in a method of its own: the JIT compiles such a
          // method on its own first, and then will not inline its large code into this loop, which
          // is compiled last (it never returns); a call per event cost the tiny event's writer
          // about a sixth more time. Failures and full batches are handled in the methods below.
          long before = b.w.size();
          Throwable failure = null;
          try {
            serializer.write((T) o, b.w);
          } catch (RuntimeException | StackOverflowError e) {
            // A serializer that recursed without end (an object holding itself) costs its event,
            // not the writer thread and every event after it.
            failure = e;
          }
          if (failure != null || !b.commit(before)) {
            notSerialized(o, failure != null
                ? failure
                : new IllegalStateException("the serializer did not write one complete JSON value"));
          } else if (b.size() >= maxBatchBytes || b.count >= maxBatchEvents) {
            batchFull();
          }
        }
        if (++taken >= wakeEvery || takenBytes >= wakeEveryBytes) {
          taken = 0;
          takenBytes = 0;
          wakeProducers();
        }
      }
    }

    /** Adds an event serialized on the producer's thread (CALLER mode) to the batch. */
    private void addBytes(byte[] bytes) {
      Buffer b = batch;
      long before = b.w.size();
      queuedBytes.addAndGet(-bytes.length);
      b.w.rawValue(bytes, 0, bytes.length);
      b.commit(before);
      if (b.size() >= maxBatchBytes || b.count >= maxBatchEvents) {
        batchFull();
      }
    }

    /** Takes out what a failed serializer wrote, and reports its event. */
    private void notSerialized(Object event, Throwable e) {
      batch.rollback();
      unserializable(event, e);
    }

    /** Sends the batch, which the last event has filled to a limit (or past maxBatchBytes). */
    private void batchFull() {
      Buffer b = batch;
      if (b.count > 1 && b.size() > maxBatchBytes) {
        // This event took the batch past its size: the others go now, it starts the next batch.
        byte[] last = b.removeLast();
        deliverBatch();
        lingerDeadline = System.nanoTime() + lingerNanos;
        long at = b.w.size();
        b.w.rawValue(last, 0, last.length);
        b.commit(at);
        if (b.size() >= maxBatchBytes || b.count >= maxBatchEvents) {
          deliverBatch();
        }
      } else {
        deliverBatch();
      }
    }

    private Batch view(Buffer b) {
      if (identity.length < b.count) {
        identity = new int[Math.max(b.count, identity.length * 2)];
        for (int i = 0; i < identity.length; i++) {
          identity[i] = i;
        }
      }
      // The events lie one line break apart: the batch knows where each starts, and its NDJSON
      // size, from their ends.
      return new Batch(b.w.buffer(), b.ends, identity, b.count);
    }

    private void deliverBatch() {
      Batch b = view(batch);
      deliver(b);
      batch.clear();
    }

    private void deliver(Batch first) {
      Batch pending = first;
      int attempt = 0;
      for (;;) {
        attempt++;
        Outcome out = send(transport, pending);
        int n = pending.size();
        int[] retryIdx = null;
        int retryN = 0;
        String lastReason = null;
        long serverWait = 0; // what a destination asked for (Retry-After)
        if (out.uniform()) {
          byte s = out.state(0);
          if (s == Outcome.DELIVERED) {
            delivered += n;
            bytes += pending.ndjsonBytes();
            return;
          }
          if (s == Outcome.REJECTED) {
            deadLetter(pending, null, out, attempt, null);
            return;
          }
          retryN = n;
          lastReason = out.reason(0);
          serverWait = out.retryAfterNanos();
        } else {
          long ok = 0;
          long okBytes = 0;
          int[] rejected = null;
          int rejectedN = 0;
          for (int i = 0; i < n; i++) {
            byte s = out.state(i);
            if (s == Outcome.DELIVERED) {
              ok++;
              okBytes += pending.length(i) + 1;
            } else if (s == Outcome.RETRY) {
              if (retryIdx == null) {
                retryIdx = new int[n];
              }
              retryIdx[retryN++] = i;
              lastReason = out.reason(i);
            } else {
              if (rejected == null) {
                rejected = new int[n];
              }
              rejected[rejectedN++] = i;
            }
          }
          delivered += ok;
          bytes += okBytes;
          if (rejectedN > 0) {
            deadLetter(pending.select(rejected, rejectedN), rejected, out, attempt, null);
          }
          if (retryN == 0) {
            return;
          }
        }
        Batch next = retryIdx == null ? pending : pending.select(retryIdx, retryN);
        if (!retry.allowsAnother(attempt)) {
          deadLetter(next, null, null, attempt, "gave up after " + attempt + " attempt(s): " + lastReason);
          return;
        }
        long wait = retry.delayNanos(attempt, serverWait);
        if (aborting && System.nanoTime() + wait - abortAt > 0) {
          deadLetter(next, null, null, attempt,
              "not delivered before the sink's close timeout; last error: " + lastReason);
          return;
        }
        retried += retryN;
        sleep(wait);
        pending = next;
      }
    }

    private Outcome send(Transport t, Batch b) {
      long t0 = System.nanoTime();
      Outcome out;
      try {
        out = t.send(b);
        if (out == null) {
          out = Outcome.retry(t.describe() + " returned no outcome");
        } else if (!out.uniform() && out.size() != b.size()) {
          // A transport's bug, which must not stop the writer thread or pass for a delivery.
          out = Outcome.retry(t.describe() + " returned an outcome for " + out.size() + " events, but the batch has "
              + b.size());
        }
      } catch (IOException | RuntimeException e) {
        out = Outcome.retry(describe(e));
      }
      latency.recordValue(Math.max(0, (System.nanoTime() - t0) / 1000));
      batches++;
      return out;
    }

    /** Sleeps the backoff, waking early when close sets a deadline that ends it. */
    private void sleep(long nanos) {
      long end = System.nanoTime() + nanos;
      for (;;) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return;
        }
        if (aborting && System.nanoTime() - abortAt > 0) {
          return;
        }
        LockSupport.parkNanos(left);
      }
    }

    /**
     * Sends events to the dead letters, each wrapped as {@code {"error":..,"attempts":..,
     * "event":..}}. The reason is {@code reason}, or per event from {@code out} at {@code
     * outIdx[k]} (or at k when outIdx is null).
     */
    private void deadLetter(Batch events, int[] outIdx, Outcome out, int attempts, String reason) {
      int n = events.size();
      if (deadLetters == null) {
        failed += n;
        noteFailure(reason != null ? reason : out.reason(outIdx == null ? 0 : outIdx[0]));
        return;
      }
      dead.clear();
      JsonWriter w = dead.w;
      for (int k = 0; k < n; k++) {
        String why = reason != null ? reason : out.reason(outIdx == null ? k : outIdx[k]);
        long before = w.size();
        w.beginObject();
        w.name("error").value(why);
        w.name("attempts").value(attempts);
        w.name("destination").value(transport.describe());
        w.name("event").rawValue(events.buffer(), events.start(k), events.length(k));
        w.endObject();
        dead.commit(before);
      }
      deliverDead(view(dead));
    }

    private void unserializable(Object event, Throwable e) {
      String text;
      try {
        text = String.valueOf(event);
      } catch (RuntimeException | StackOverflowError t) {
        text = event.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(event))
            + " (its toString() failed: " + describe(t) + ")";
      }
      if (text.length() > 1000) {
        text = text.substring(0, 1000) + "...";
      }
      String why = "could not serialize the event: " + describe(e);
      if (deadLetters == null) {
        failed++;
        noteFailure(why);
        return;
      }
      dead.clear();
      JsonWriter w = dead.w;
      w.beginObject();
      w.name("error").value(why);
      w.name("attempts").value(0);
      w.name("destination").value(transport.describe());
      w.name("event").nullValue();
      w.name("eventText").value(text);
      w.endObject();
      dead.commit(0);
      deliverDead(view(dead));
    }

    /** Retries the dead-letter transport forever, or until the close deadline. */
    private void deliverDead(Batch records) {
      Batch pending = records;
      int attempt = 0;
      for (;;) {
        attempt++;
        Outcome out = send(deadLetters, pending);
        int n = pending.size();
        int ok = out.deliveredCount(n);
        int lost = out.rejectedCount(n);
        deadLettered += ok;
        if (lost > 0) {
          failed += lost;
          noteFailure("the dead-letter transport rejected " + lost + " record(s)");
        }
        int retryN = n - ok - lost;
        if (retryN == 0) {
          return;
        }
        int[] idx = new int[retryN];
        for (int i = 0, k = 0; i < n; i++) {
          if (out.state(i) == Outcome.RETRY) {
            idx[k++] = i;
          }
        }
        Batch next = pending.select(idx, retryN);
        long wait = RetryPolicy.defaults().delayNanos(attempt);
        if (aborting && System.nanoTime() + wait - abortAt > 0) {
          failed += retryN;
          noteFailure("the dead-letter transport " + deadLetters.describe() + " failed until the close timeout: "
              + out.reason(idx[0]));
          return;
        }
        sleep(wait);
        pending = next;
      }
    }

    private void failRemaining(String why) {
      // The writer cannot go on: count what it holds and what is queued, so that close reports it.
      // The queue is closed (run() closed it): what producers got in before that is all there is.
      long n = batch.count;
      Object o;
      while ((o = queue.pollClosed()) != null) {
        if (o instanceof Marker) {
          markersTaken++;
          ((Marker) o).done.countDown();
        } else {
          n++;
        }
      }
      failed += n;
    }
  }

  private void noteFailure(String reason) {
    synchronized (failures) {
      if (failures.size() < 10) {
        failures.add(reason);
      }
    }
  }

  static String describe(Throwable e) {
    String m = e.getMessage();
    return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
  }

  /**
   * Builds a {@link Sink}. Defaults: batches of at most 1000 events or 4 MiB, lingering 100 ms; a
   * queue of 65 536 events (rounded up to a power of two) and 64 MiB; {@code put} waits up to 60 s;
   * {@link RetryPolicy#defaults()}; no dead-letter transport; serialization on the writer thread.
   * Not thread-safe; the sink it builds is.
   */
  public static final class Builder<T> {
    private EventSerializer<? super T> serializer;
    private Transport transport;
    private Transport deadLetters;
    private int maxBatchEvents = 1000;
    private int maxBatchBytes = 4 << 20;
    private Duration linger = Duration.ofMillis(100);
    private int queueEvents = 1 << 16;
    private long maxQueueBytes = 64L << 20;
    private Duration putTimeout = Duration.ofSeconds(60);
    /** 50 ms; tests set it longer so that only a wake from the writer or close can end a wait. */
    long maxPutParkNanos = 50_000_000;
    private RetryPolicy retry = RetryPolicy.defaults();
    private SerializeOn serializeOn = SerializeOn.WRITER;

    /** The largest queue: its array takes a power of two, and 2^30 is the largest an int holds. */
    static final int MAX_QUEUE_EVENTS = HandOffQueue.MAX_CAPACITY;

    Builder() {}

    /** How an event becomes JSON: {@code codec::write} for a Brisk codec, or any writer. */
    public Builder<T> serializer(EventSerializer<? super T> s) {
      this.serializer = Objects.requireNonNull(s, "serializer");
      return this;
    }

    /** Where batches go. The sink closes it when it closes. */
    public Builder<T> transport(Transport t) {
      this.transport = Objects.requireNonNull(t, "transport");
      return this;
    }

    /**
     * Where events that can never be delivered go, each as {@code {"error": reason, "attempts":
     * n, "destination": ..., "event": the event}}. The sink retries it forever (until the close
     * timeout) and closes it when it closes.
     */
    public Builder<T> deadLetters(Transport t) {
      this.deadLetters = Objects.requireNonNull(t, "deadLetters");
      return this;
    }

    /** A batch goes out when it holds this many events. */
    public Builder<T> maxBatchEvents(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("maxBatchEvents must be at least 1, got " + n);
      }
      this.maxBatchEvents = n;
      return this;
    }

    /** A batch goes out when it holds this many bytes; a larger single event goes alone. */
    public Builder<T> maxBatchBytes(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("maxBatchBytes must be at least 1, got " + n);
      }
      this.maxBatchBytes = n;
      return this;
    }

    /** A batch goes out at the latest this long after its first event arrived. */
    public Builder<T> linger(Duration d) {
      if (d.isNegative()) {
        throw new IllegalArgumentException("linger cannot be negative: " + d);
      }
      this.linger = d;
      return this;
    }

    /**
     * The queue's capacity in events (rounded up to a power of two) and in bytes of serialized
     * events. The byte capacity applies with {@link SerializeOn#CALLER} only: with {@link
     * SerializeOn#WRITER} events are not bytes yet while they wait. The queue's array of slots, a
     * reference each, is made whole by {@link #build()}, which refuses a capacity that the heap
     * cannot hold with an {@link IllegalArgumentException}.
     */
    public Builder<T> queueCapacity(int events, long bytes) {
      if (events < 1 || bytes < 1) {
        throw new IllegalArgumentException("queue capacity must be positive, got " + events + " events, " + bytes + " bytes");
      }
      if (events > MAX_QUEUE_EVENTS) { // the queue's array is made whole when the sink is built
        throw new IllegalArgumentException("queue capacity is at most " + MAX_QUEUE_EVENTS + " events (2^30), got " + events);
      }
      this.queueEvents = events;
      this.maxQueueBytes = bytes;
      return this;
    }

    /** How long {@link Sink#put} waits for room before it throws {@link SinkFullException}. */
    public Builder<T> putTimeout(Duration d) {
      if (d.isNegative()) {
        throw new IllegalArgumentException("put timeout cannot be negative: " + d);
      }
      this.putTimeout = d;
      return this;
    }

    /** How failed sends are retried. */
    public Builder<T> retry(RetryPolicy p) {
      this.retry = Objects.requireNonNull(p, "retry");
      return this;
    }

    /** Which thread serializes events; see {@link SerializeOn}. */
    public Builder<T> serializeOn(SerializeOn where) {
      this.serializeOn = Objects.requireNonNull(where, "serializeOn");
      return this;
    }

    /** Builds the sink and starts its writer thread. */
    public Sink<T> build() {
      return new Sink<>(this);
    }
  }
}
