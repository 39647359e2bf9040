package dev.brisk.bench;

import dev.brisk.bench.users.Friend;
import dev.brisk.bench.users.User;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import dev.brisk.sink.Batch;
import dev.brisk.sink.EventSerializer;
import dev.brisk.sink.Outcome;
import dev.brisk.sink.Sink;
import dev.brisk.sink.Transport;
import java.time.Duration;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code put} throughput into a sink whose transport discards each batch, so that the hand-off
 * and the serialization are all that is measured: Brisk's {@link Sink} serializing on the writer
 * thread ({@code WRITER}) or on the producer's ({@code CALLER}), against an {@link
 * java.util.concurrent.ArrayBlockingQueue} sink ({@code ABQ}, see {@link BlockingQueueSink}). The
 * events are a number ({@code tiny}: two bytes of JSON, so that the hand-off is nearly all the
 * work), a small {@code Friend} (~70 bytes) or a whole seed-002 {@code User} (~1 kB), the last two
 * written by their generated Brisk codecs; batches of 1000; queues of 65 536 events. Run with one
 * and with two producer threads:
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar SinkPutBenchmark -t 1
 * java -jar brisk-bench/target/benchmarks.jar SinkPutBenchmark -t 2
 * </pre>
 *
 * <p>When the producers are faster than the writer, {@code put} waits for room and the score is
 * the writer's pace; the teardown checks that every event put was written.
 */
public class SinkPutBenchmark extends BenchmarkDefaults {
  @Param({"WRITER", "CALLER", "ABQ"})
  public String sink;

  @Param({"tiny", "friend", "user"})
  public String event;

  private Sink<Object> brisk;
  private BlockingQueueSink<Object> abq;
  private Object value;

  /** Accepts every batch and forgets it. */
  static final class Discard implements Transport {
    volatile long events;

    @Override
    public Outcome send(Batch batch) {
      events += batch.size();
      return Outcome.delivered();
    }
  }

  @Setup
  @SuppressWarnings("unchecked")
  public void setUp() {
    EventSerializer<Object> serializer;
    if (event.equals("tiny")) {
      value = 42L;
      serializer = (o, w) -> w.value(((Long) o).longValue());
    } else if (event.equals("friend")) {
      Friend f = new Friend();
      f.id = "5a8d6e0c-1f7b-4b4e-a2d0-6f0c8e1b2a33";
      f.name = "Ada Lovelace";
      value = f;
      Codec<Friend> c = Codecs.get(Friend.class);
      serializer = (o, w) -> c.write((Friend) o, w);
    } else {
      User u = Codecs.get(dev.brisk.bench.users.Users.class).read(Users.document(1, 2000)).users.get(0);
      value = u;
      Codec<User> c = Codecs.get(User.class);
      serializer = (o, w) -> c.write((User) o, w);
    }
    if (sink.equals("ABQ")) {
      abq = new BlockingQueueSink<>(1 << 16, 1000, serializer);
    } else {
      brisk = Sink.builder()
          .serializer(serializer)
          .transport(new Discard())
          .serializeOn(Sink.SerializeOn.valueOf(sink))
          .maxBatchEvents(1000)
          .maxBatchBytes(16 << 20)
          .queueCapacity(1 << 16, 256L << 20)
          .linger(Duration.ofMillis(10))
          .build();
    }
  }

  @Benchmark
  public void put() throws InterruptedException {
    if (brisk != null) {
      brisk.put(value);
    } else {
      abq.put(value);
    }
  }

  @TearDown
  public void tearDown() throws InterruptedException {
    if (brisk != null) {
      var m = brisk.close(Duration.ofMinutes(1));
      if (m.delivered() != m.accepted() || m.accepted() == 0) {
        throw new IllegalStateException("not every event was written: " + m);
      }
    } else {
      abq.close();
      if (abq.written() == 0) {
        throw new IllegalStateException("the ABQ sink wrote nothing");
      }
    }
  }
}
