package dev.brisk.bench;

import com.alibaba.fastjson2.JSONReader;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Tokenize and skip: walk every token of a users document without materializing values (strings
 * are checked but not decoded). Each library's streaming parser over the same bytes.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar TokenSkipBenchmark
 * </pre>
 */
public class TokenSkipBenchmark extends BenchmarkDefaults {
  private final JsonFactory jackson = new JsonFactory();
  private final JsonProvider parsson = new org.eclipse.parsson.JsonProviderImpl();

  @Benchmark
  public int brisk(Inputs in) {
    JsonReader r = JsonReader.of(in.bytes);
    int n = 0;
    while (r.next() != JsonToken.END_DOCUMENT) {
      n++;
    }
    return n;
  }

  @Benchmark
  public int jackson(Inputs in) throws IOException {
    int n = 0;
    try (JsonParser p = jackson.createParser(in.bytes)) {
      while (p.nextToken() != null) {
        n++;
      }
    }
    return n;
  }

  @Benchmark
  public int parsson(Inputs in) {
    int n = 0;
    try (jakarta.json.stream.JsonParser p = parsson.createParser(new ByteArrayInputStream(in.bytes))) {
      while (p.hasNext()) {
        p.next();
        n++;
      }
    }
    return n;
  }

  /** fastjson2 has no public token loop; its skipValue() walks the same bytes. */
  @Benchmark
  public boolean fastjson2Skip(Inputs in) {
    try (JSONReader r = JSONReader.of(in.bytes)) {
      r.skipValue();
      return r.isEnd();
    }
  }
}
