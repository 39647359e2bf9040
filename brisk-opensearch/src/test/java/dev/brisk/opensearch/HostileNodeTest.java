package dev.brisk.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpServer;
import dev.brisk.sink.Batch;
import dev.brisk.sink.StallingServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Nodes that answer what OpenSearch itself cannot be made to (a wrong endpoint, or a hostile
 * one): a {@code _bulk} answer longer than the transport reads, and one that stalls in its body.
 * Either way the batch fails with an IOException, which the sink retries, instead of the answer
 * filling the heap or holding the writer thread for ever. The JDK's HTTP server stands in for the
 * node, over a real socket.
 */
class HostileNodeTest {
  @Test
  void anAnswerLongerThanTheLimitFailsTheBatchUnread() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      ex.getRequestBody().readAllBytes();
      ex.sendResponseHeaders(200, 0);
      byte[] piece = new byte[1 << 20];
      Arrays.fill(piece, (byte) ' ');
      try (OutputStream out = ex.getResponseBody()) {
        out.write("{\"errors\":false,\"items\":[]}".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i <= OpenSearchBulkTransport.MAX_ANSWER_BYTES >> 20; i++) {
          out.write(piece);
        }
      }
    });
    server.start();
    try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder(
        "users", URI.create("http://127.0.0.1:" + server.getAddress().getPort())).build()) {
      IOException e = assertThrows(IOException.class, () -> t.send(Batch.of("{\"id\":\"1\"}")));
      assertEquals("the _bulk answer from http://127.0.0.1:" + server.getAddress().getPort()
          + " is longer than 67108864 bytes: not read", e.getMessage());
    } finally {
      server.stop(0);
    }
  }

  @Test
  void anAnswerThatStallsInItsBodyTimesOut() throws Exception {
    try (StallingServer node = new StallingServer("{\"errors\":");
        OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("users", node.uri(""))
            .timeout(Duration.ofMillis(300)).build()) {
      IOException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> assertThrows(IOException.class, () -> t.send(Batch.of("{\"id\":\"1\"}"))), "the send hangs");
      assertEquals("no answer from " + node.address() + "/_bulk within PT0.3S", e.getMessage());
    }
  }
}
