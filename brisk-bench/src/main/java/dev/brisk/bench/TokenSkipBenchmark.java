package dev.brisk.bench;

import com.alibaba.fastjson2.JSONReader;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Tokenize and skip: walk every token of a users document without materializing values (strings
 * are checked but not decoded). Each library's streaming parser over the same bytes.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar TokenSkipBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(3)
public class TokenSkipBenchmark {
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
