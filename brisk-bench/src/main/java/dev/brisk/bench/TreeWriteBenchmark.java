package dev.brisk.bench;

import com.alibaba.fastjson2.JSON;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.json.Json;
import dev.brisk.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Write a users tree to UTF-8 bytes. Each library writes its own tree, parsed beforehand from the
 * same document.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar TreeWriteBenchmark
 * </pre>
 */
public class TreeWriteBenchmark extends BenchmarkDefaults {
  @Param({"1k", "100k"})
  public String size;

  private final ObjectMapper jackson = new ObjectMapper();
  private final JsonProvider parsson = new org.eclipse.parsson.JsonProviderImpl();

  private JsonValue briskTree;
  private JsonNode jacksonTree;
  private jakarta.json.JsonValue parssonTree;
  private Object fastjsonTree;

  @Setup
  public void setUp() throws IOException {
    byte[] bytes = size.equals("input") ? Inputs.input() : Users.document(42, size.equals("1k") ? 1000 : 100_000);
    briskTree = Json.parse(bytes);
    jacksonTree = jackson.readTree(bytes);
    parssonTree = parsson.createReader(new java.io.ByteArrayInputStream(bytes)).readValue();
    fastjsonTree = JSON.parse(bytes);
  }

  @Benchmark
  public byte[] brisk() {
    return Json.toBytes(briskTree);
  }

  @Benchmark
  public byte[] jackson() throws IOException {
    return jackson.writeValueAsBytes(jacksonTree);
  }

  @Benchmark
  public byte[] parsson() {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try (jakarta.json.JsonWriter w = parsson.createWriter(out)) {
      w.write(parssonTree);
    }
    return out.toByteArray();
  }

  @Benchmark
  public byte[] fastjson2() {
    return JSON.toJSONBytes(fastjsonTree);
  }
}
