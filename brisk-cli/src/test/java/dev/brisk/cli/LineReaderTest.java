package dev.brisk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.testkit.Damage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LineReaderTest {
  @Test
  void anInputThatKeepsReturningNothingIsAnErrorNotAHang() throws IOException {
    LineReader never = new LineReader(Damage.stuttering(null, 0), 100);
    IOException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(IOException.class, never::next));
    assertEquals("the input returned 0 bytes 1000 times in a row", e.getMessage());

    LineReader slow = new LineReader(Damage.stuttering("a\r\nbc\n".getBytes(StandardCharsets.UTF_8), 999), 100);
    assertTrue(slow.next());
    assertEquals("a", new String(slow.buffer(), 0, slow.length(), StandardCharsets.UTF_8));
    assertTrue(slow.next());
    assertEquals("bc", new String(slow.buffer(), 0, slow.length(), StandardCharsets.UTF_8));
    assertFalse(slow.next());
  }
}
