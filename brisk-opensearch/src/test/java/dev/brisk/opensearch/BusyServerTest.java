package dev.brisk.opensearch;

import static dev.brisk.opensearch.SharedOpenSearch.call;
import static dev.brisk.opensearch.SharedOpenSearch.count;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.sink.RetryPolicy;
import dev.brisk.sink.Sink;
import dev.brisk.sink.SinkMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server whose write queue holds one task answers real 429s to concurrent bulk requests; the
 * sinks retry the refused items only, and every document arrives once.
 */
class BusyServerTest {
  @Test
  void realTooManyRequestsAnswersAreRiddenOutAndNothingIsLost() throws Exception {
    try (OpenSearchFixture os = OpenSearchFixture.builder()
        .setting("thread_pool.write.size", "1")
        .setting("thread_pool.write.queue_size", "1")
        .build()) {
      os.start();
      assertEquals(200, call("PUT", os.uri().resolve("/busy"),
          "{\"settings\":{\"number_of_shards\":4,\"number_of_replicas\":0}}").statusCode());
      int sinks = 4;
      int each = 20_000;
      List<Sink<Integer>> all = new ArrayList<>();
      for (int s = 0; s < sinks; s++) {
        all.add(Sink.<Integer>builder()
            .serializer((i, w) -> w.beginObject().name("uid").value("b" + i).name("n").value(i).endObject())
            .transport(OpenSearchBulkTransport.builder("busy", os.uri()).idField("uid").build())
            .maxBatchEvents(200)
            .retry(RetryPolicy.exponential(Duration.ofMillis(5), Duration.ofMillis(200)))
            .build());
      }
      List<Thread> producers = new ArrayList<>();
      for (int s = 0; s < sinks; s++) {
        Sink<Integer> sink = all.get(s);
        int base = s * each;
        Thread t = new Thread(() -> {
          try {
            for (int i = 0; i < each; i++) {
              sink.put(base + i);
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
        producers.add(t);
        t.start();
      }
      for (Thread t : producers) {
        t.join();
      }
      long delivered = 0;
      long retried = 0;
      for (Sink<Integer> sink : all) {
        SinkMetrics m = sink.close(Duration.ofMinutes(3));
        assertEquals(0, m.deadLettered() + m.failed(), m.toString());
        delivered += m.delivered();
        retried += m.retried();
      }
      assertTrue(retried > 0, "the server must have refused some writes with 429 for this test to mean anything");
      assertEquals((long) sinks * each, delivered);
      assertEquals((long) sinks * each, count(os.uri(), "busy"));
    }
  }
}
