package dev.brisk.bench;

import com.alibaba.fastjson2.JSON;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.json.Json;
import dev.brisk.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Parse a users document into each library's tree: Brisk {@code Json.parse}, Jackson {@code
 * ObjectMapper.readTree}, Parsson {@code JsonReader.readValue} and fastjson2 {@code JSON.parse}.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar TreeParseBenchmark
 * </pre>
 */
public class TreeParseBenchmark extends BenchmarkDefaults {
  private final ObjectMapper jackson = new ObjectMapper();
  private final JsonProvider parsson = new org.eclipse.parsson.JsonProviderImpl();

  /** Before measuring: which parsers accept the malformed strings of {@link Strictness}. */
  @Setup
  public void reportStrictness(Inputs in) {
    Strictness.report("tree parse " + in.size, java.util.List.of(
        new String[] {"brisk", Strictness.verdict(in.bytes, Json::parse)},
        new String[] {"jackson", Strictness.verdict(in.bytes, jackson::readTree)},
        new String[] {"parsson", Strictness.verdict(in.bytes, doc -> JsonpTreeBenchmark.read(parsson, doc))},
        new String[] {"fastjson2", Strictness.verdict(in.bytes, JSON::parse)}));
  }

  @Benchmark
  public JsonValue brisk(Inputs in) {
    return Json.parse(in.bytes);
  }

  @Benchmark
  public JsonNode jackson(Inputs in) throws IOException {
    return jackson.readTree(in.bytes);
  }

  @Benchmark
  public jakarta.json.JsonValue parsson(Inputs in) {
    try (jakarta.json.JsonReader r = parsson.createReader(new ByteArrayInputStream(in.bytes))) {
      return r.readValue();
    }
  }

  @Benchmark
  public Object fastjson2(Inputs in) {
    return JSON.parse(in.bytes);
  }
}
