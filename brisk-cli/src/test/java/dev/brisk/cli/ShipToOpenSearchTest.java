package dev.brisk.cli;

import static dev.brisk.cli.CliTest.brisk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonObject;
import dev.brisk.opensearch.OpenSearchFixture;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brisk ship} and {@code brisk demo --opensearch} against the real OpenSearch of the fixture. */
class ShipToOpenSearchTest {
  @TempDir Path dir;

  static JsonObject get(URI uri) throws Exception {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    return (JsonObject) Json.parse(r.body());
  }

  static long count(URI node, String index) throws Exception {
    HttpClient.newHttpClient().send(HttpRequest.newBuilder(node.resolve("/" + index + "/_refresh"))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
    JsonObject r = get(node.resolve("/" + index + "/_count"));
    return r.has("count") ? r.getNumber("count").longValue() : 0; // no index yet: nothing arrived
  }

  @Test
  void shipsUsersWithTheirOwnIdsAndDeadLettersTheInvalidLine() throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      sb.append("{\"_id\":\"user-").append(i).append("\",\"name\":\"n").append(i).append("\",\"age\":").append(i % 90).append("}\n");
      if (i == 1500) {
        sb.append("{\"_id\":\"broken\",\n");
      }
    }
    Path in = dir.resolve("users.ndjson");
    Files.writeString(in, sb.toString(), StandardCharsets.UTF_8);
    Path dead = dir.resolve("dead.ndjson");
    try (OpenSearchFixture os = OpenSearchFixture.builder().build()) {
      os.start();
      String to = os.uri() + "/users";
      CliTest.Run r = brisk("ship", in.toString(), "--to", to, "--id-field", "_id", "--dead-letter", dead.toString(), "-q");
      assertEquals(1, r.code(), r.out() + r.err());
      assertTrue(r.err().contains(in + ":1502:"), r.err());
      assertTrue(r.out().contains("shipped 3,000 of 3,001 events to " + os.uri() + "/users"), r.out());
      assertEquals(3000, count(os.uri(), "users"));
      JsonObject doc = get(os.uri().resolve("/users/_doc/user-42"));
      assertEquals(Json.parse("{\"name\":\"n42\",\"age\":42}"), doc.get("_source"), "the _id member became the id");
      List<String> records = Files.readAllLines(dead);
      assertEquals(1, records.size());
      assertEquals("{\"_id\":\"broken\",", ((JsonObject) Json.parse(records.get(0))).getString("text"));

      // The same file again: the ids make it the same documents, not twice as many.
      r = brisk("ship", in.toString(), "--to", to, "--id-field", "_id", "-q");
      assertEquals(1, r.code(), r.out() + r.err());
      assertEquals(3000, count(os.uri(), "users"));
    }
  }

  @Test
  void shipRidesOutAServerKilledAndRestartedMidStreamAndExitsZero() throws Exception {
    int docs = 40_000;
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < docs; i++) {
      sb.append("{\"uid\":\"k").append(i).append("\",\"n\":").append(i).append(",\"pad\":\"").append("x".repeat(200)).append("\"}\n");
    }
    Path in = dir.resolve("many.ndjson");
    Files.writeString(in, sb.toString(), StandardCharsets.UTF_8);
    try (OpenSearchFixture os = OpenSearchFixture.builder().build()) {
      os.start();
      CliTest.Run[] result = new CliTest.Run[1];
      Thread ship = new Thread(() -> result[0] = brisk("ship", in.toString(), "--to", os.uri() + "/crash",
          "--id-field", "uid", "--batch-size", "200", "-q"));
      ship.start();
      while (count(os.uri(), "crash") < docs / 10) {
        Thread.sleep(200); // until some batches have arrived
      }
      os.kill();
      Thread.sleep(3000);
      os.start();
      ship.join(TimeUnit.MINUTES.toMillis(5));
      assertEquals(0, result[0].code(), result[0].out() + result[0].err());
      assertTrue(result[0].out().contains("shipped 40,000 of 40,000 events"), result[0].out());
      assertEquals(docs, count(os.uri(), "crash"), "every event once");
    }
  }

  @Test
  void theDemoShipsToOpenSearch() {
    CliTest.Run r = brisk("demo", "--events", "2000", "--opensearch", "--out", dir.resolve("out").toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("started OpenSearch (the fixture) at http://127.0.0.1:"), r.out());
    assertTrue(r.out().matches("(?s).*brisk: +2,000 events in .* OpenSearch index http://127\\.0\\.0\\.1:\\d+/users-brisk.*"), r.out());
    assertTrue(r.out().matches("(?s).*jackson: +2,000 events in .* OpenSearch index http://127\\.0\\.0\\.1:\\d+/users-jackson.*"), r.out());
  }
}
