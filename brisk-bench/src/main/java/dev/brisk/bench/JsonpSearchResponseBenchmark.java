package dev.brisk.bench;

import dev.brisk.bench.users.User;
import dev.brisk.opensearch.BriskJsonpMapper;
import jakarta.json.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.opensearch.client.json.JsonpDeserializer;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.core.SearchResponse;

/**
 * A search response of 100 users documents, recorded once from the real OpenSearch ({@link
 * CaptureSearchResponse}), deserialized into the client's {@code SearchResponse<User>} as the
 * client does it, with {@link BriskJsonpMapper} and with {@link JacksonJsonpMapper}. The setup
 * checks both read the same 100 users.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar JsonpSearchResponseBenchmark
 * </pre>
 */
public class JsonpSearchResponseBenchmark extends BenchmarkDefaults {
  byte[] response;
  final JsonpMapper jackson = new JacksonJsonpMapper();
  final JsonpMapper brisk = new BriskJsonpMapper();
  final JsonpDeserializer<SearchResponse<User>> deserializer =
      SearchResponse.createSearchResponseDeserializer(JsonpDeserializer.of(User.class));

  @Setup
  public void setUp() throws IOException {
    try (InputStream in = JsonpSearchResponseBenchmark.class.getResourceAsStream("/opensearch/search-100-users.json")) {
      response = in.readAllBytes();
    }
    SearchResponse<User> a = read(jackson);
    SearchResponse<User> b = read(brisk);
    if (a.hits().hits().size() != 100 || b.hits().hits().size() != 100) {
      throw new IllegalStateException("expected 100 hits");
    }
    for (int i = 0; i < 100; i++) {
      if (!a.hits().hits().get(i).source().equals(b.hits().hits().get(i).source())) {
        throw new IllegalStateException("hit " + i + " differs between the mappers");
      }
    }
  }

  SearchResponse<User> read(JsonpMapper mapper) {
    try (JsonParser p = mapper.jsonProvider().createParser(new ByteArrayInputStream(response))) {
      return deserializer.deserialize(p, mapper);
    }
  }

  @Benchmark
  public SearchResponse<User> jacksonMapper() {
    return read(jackson);
  }

  @Benchmark
  public SearchResponse<User> briskMapper() {
    return read(brisk);
  }
}
