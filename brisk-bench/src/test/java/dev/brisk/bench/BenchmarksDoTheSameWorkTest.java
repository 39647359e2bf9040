package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks compare like with like: every library sees the same bytes, walks the same number
 * of tokens, and reads and writes the same JSON. Nothing here is timed.
 */
class BenchmarksDoTheSameWorkTest {

  static Inputs inputs(String size) {
    Inputs in = new Inputs();
    in.size = size;
    in.setUp();
    return in;
  }

  @Test
  void theUsersDocumentsAreSeededAndSized() {
    Inputs small = inputs("1k");
    Inputs large = inputs("100k");
    assertTrue(small.bytes.length >= 1000 && small.bytes.length < 2500, "1k: " + small.bytes.length);
    assertTrue(large.bytes.length >= 100_000 && large.bytes.length < 102_000, "100k: " + large.bytes.length);
    assertArrayEquals(small.bytes, inputs("1k").bytes, "same seed, same bytes");
    assertEquals(Json.parse(large.bytes), Json.parse(Users.document(42, 100_000)));
  }

  @Test
  void tokenLoopsCountTheSameTokens() throws IOException {
    TokenSkipBenchmark b = new TokenSkipBenchmark();
    for (String size : new String[] {"1k", "100k"}) {
      Inputs in = inputs(size);
      int brisk = b.brisk(in);
      assertEquals(brisk, b.jackson(in));
      assertEquals(brisk, b.parsson(in));
      assertTrue(b.fastjson2Skip(in));
    }
  }

  @Test
  void treeParsersReadTheSameJson() throws IOException {
    TreeParseBenchmark b = new TreeParseBenchmark();
    Inputs in = inputs("100k");
    var expected = b.brisk(in);
    assertEquals(expected, Json.parse(b.jackson(in).toString()));
    assertEquals(expected, Json.parse(b.parsson(in).toString()));
    assertEquals(expected, Json.parse(com.alibaba.fastjson2.JSON.toJSONString(b.fastjson2(in))));
  }

  @Test
  void treeWritersWriteTheSameJson() throws IOException {
    TreeWriteBenchmark b = new TreeWriteBenchmark();
    b.size = "100k";
    b.setUp();
    var expected = Json.parse(Users.document(42, 100_000));
    assertEquals(expected, Json.parse(b.brisk()));
    assertEquals(expected, Json.parse(b.jackson()));
    assertEquals(expected, Json.parse(b.parsson()));
    assertEquals(expected, Json.parse(b.fastjson2()));
  }
}
