package dev.brisk.bench;

import dev.brisk.json.JsonWriter;
import dev.brisk.sink.EventSerializer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * The baseline of {@link SinkPutBenchmark}: the sink most code has, an {@link ArrayBlockingQueue}
 * (one lock for producers and the consumer) drained by a background thread that serializes each
 * batch into a reused writer and discards it, as Brisk's sink does with a discarding transport.
 * Done well: {@code drainTo} takes a whole batch under one lock acquisition.
 */
final class BlockingQueueSink<T> {
  private static final Object STOP = new Object();

  private final ArrayBlockingQueue<Object> queue;
  private final Thread writer;
  private volatile long written;

  BlockingQueueSink(int capacity, int maxBatch, EventSerializer<? super T> serializer) {
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.writer = new Thread(() -> drain(maxBatch, serializer), "abq-sink-writer");
    writer.setDaemon(true);
    writer.start();
  }

  void put(T event) throws InterruptedException {
    queue.put(event);
  }

  @SuppressWarnings("unchecked")
  private void drain(int maxBatch, EventSerializer<? super T> serializer) {
    List<Object> batch = new ArrayList<>(maxBatch);
    JsonWriter w = JsonWriter.create();
    try {
      for (;;) {
        batch.add(queue.take());
        queue.drainTo(batch, maxBatch - 1);
        w.reset();
        for (Object o : batch) {
          if (o == STOP) {
            return;
          }
          serializer.write((T) o, w);
        }
        written += batch.size(); // the transport "discards" the buffer
        batch.clear();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  long written() {
    return written;
  }

  void close() throws InterruptedException {
    queue.put(STOP);
    writer.join();
  }
}
