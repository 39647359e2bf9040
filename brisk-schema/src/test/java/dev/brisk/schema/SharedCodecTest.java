package dev.brisk.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** One codec, shared by threads that read and write at once, gives every thread the same bytes. */
class SharedCodecTest {
  @Test
  void aCodecIsSharedSafelyBetweenThreads() throws Exception {
    Codec<JsonRecord> codec = Schemas.options().lenient(true).compile(SchemasTest.USERS).codec("Users");
    byte[] doc = SchemasTest.resource("users.json").getBytes(StandardCharsets.UTF_8);
    byte[] expected = codec.write(codec.read(doc));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        results.add(pool.submit(() -> {
          int same = 0;
          for (int i = 0; i < 2000; i++) {
            byte[] written = codec.write(codec.read(doc));
            assertArrayEquals(expected, written);
            same++;
          }
          return same;
        }));
      }
      for (Future<Integer> f : results) {
        assertEquals(2000, f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
