package dev.brisk.bench;

import dev.brisk.opensearch.OpenSearchBulkTransport;
import dev.brisk.opensearch.OpenSearchFixture;
import dev.brisk.sink.Batch;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Records the search response that {@link JsonpSearchResponseBenchmark} reads: 100 seed-002 users
 * documents indexed into the real OpenSearch (the fixture), then one search for all of them, its
 * answer body saved as it came off the wire. Run once; the file is committed.
 *
 * <pre>
 * java -cp brisk-bench/target/benchmarks.jar dev.brisk.bench.CaptureSearchResponse brisk-bench/src/main/resources/opensearch/search-100-users.json
 * </pre>
 */
public final class CaptureSearchResponse {
  private CaptureSearchResponse() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "search-100-users.json");
    String[] lines = new String(Users.ndjson(2026, 100), StandardCharsets.UTF_8).strip().split("\n");
    List<String> docs = new ArrayList<>();
    for (String line : lines) {
      docs.add(line);
    }
    try (OpenSearchFixture os = OpenSearchFixture.builder().build()) {
      os.start();
      try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("users", os.uri()).idField("_id").build()) {
        if (!t.send(Batch.of(docs.toArray(new String[0]))).allDelivered()) {
          throw new IllegalStateException("indexing failed");
        }
      }
      HttpClient http = HttpClient.newHttpClient();
      http.send(HttpRequest.newBuilder(os.uri().resolve("/users/_refresh")).POST(HttpRequest.BodyPublishers.noBody()).build(),
          HttpResponse.BodyHandlers.discarding());
      HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(os.uri().resolve("/users/_search"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"size\":100,\"sort\":[{\"index\":\"asc\"}]}")).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      if (r.statusCode() != 200) {
        throw new IllegalStateException("search: " + r.statusCode() + " " + new String(r.body(), StandardCharsets.UTF_8));
      }
      Files.write(out, r.body());
      System.out.println("wrote " + r.body().length + " bytes to " + out);
    }
  }
}
