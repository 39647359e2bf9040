package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonWriter#toBytes} and {@link JsonWriter#toText}, which write with the writer the thread
 * keeps, and {@link JsonWriter#toStream}, which writes through the stream writer the thread keeps.
 */
class KeptWriterTest {
  private static final Consumer<JsonWriter> EVENT = w -> w.beginObject()
      .member("name", "\u00e9t\u00e9 \ud83d\ude00 \"quoted\"")
      .member("n", 12345678901L)
      .member("x", 0.1)
      .endObject();

  @Test
  void textIsTheBytesDecoded() {
    byte[] bytes = JsonWriter.toBytes(EVENT);
    String text = JsonWriter.toText(EVENT);
    assertEquals("{\"name\":\"\u00e9t\u00e9 \ud83d\ude00 \\\"quoted\\\"\",\"n\":12345678901,\"x\":0.1}", text);
    assertEquals(text, new String(bytes, StandardCharsets.UTF_8));
    assertEquals("", JsonWriter.toText(w -> { }));
  }

  @Test
  void aCallInsideTheBodyHasAWriterOfItsOwn() {
    String[] inner = new String[1];
    byte[][] innerBytes = new byte[1][];
    String outer = JsonWriter.toText(w -> {
      w.beginArray().value("before");
      inner[0] = JsonWriter.toText(EVENT);
      innerBytes[0] = JsonWriter.toBytes(x -> x.beginArray().value(1).endArray());
      w.value("after").endArray();
    });
    assertEquals("[\"before\",\"after\"]", outer);
    assertEquals(JsonWriter.toText(EVENT), inner[0]);
    assertArrayEquals("[1]".getBytes(StandardCharsets.UTF_8), innerBytes[0]);
  }

  @Test
  void aBodyThatThrowsLeavesNothingBehind() {
    RuntimeException boom = new IllegalStateException("boom");
    assertEquals(boom, assertThrows(IllegalStateException.class, () -> JsonWriter.toText(w -> {
      w.beginObject().name("half");
      throw boom;
    })));
    assertThrows(IllegalStateException.class, () -> JsonWriter.toBytes(w -> {
      w.beginArray().value("half");
      throw boom;
    }));
    // The next calls start from an empty writer at the top level.
    assertEquals("[true]", JsonWriter.toText(w -> w.beginArray().value(true).endArray()));
    assertArrayEquals("7".getBytes(StandardCharsets.UTF_8), JsonWriter.toBytes(w -> w.value(7)));
  }

  @Test
  void aDocumentPastTheKeptSizeIsWrittenWhole() {
    String big = "x".repeat(3 << 20);
    String text = JsonWriter.toText(w -> w.beginArray().value(big).endArray());
    assertEquals(big.length() + 4, text.length());
    assertEquals("[\"" + big + "\"]", text);
    assertEquals("{}", JsonWriter.toText(w -> w.beginObject().endObject()));
    assertArrayEquals("[]".getBytes(StandardCharsets.UTF_8), JsonWriter.toBytes(w -> w.beginArray().endArray()));
  }

  /** Records what a writer hands it: the bytes, the arrays they came in, flushes and closes. */
  private static class Recording extends OutputStream {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final List<byte[]> arrays = new ArrayList<>();
    int flushes;
    boolean closed;

    @Override
    public void write(int b) {
      bytes.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      arrays.add(b);
      bytes.write(b, off, len);
    }

    @Override
    public void flush() {
      flushes++;
    }

    @Override
    public void close() {
      closed = true;
    }

    String text() {
      return bytes.toString(StandardCharsets.UTF_8);
    }
  }

  @Test
  void aStreamGetsTheSameBytesFlushedAndStaysOpen() {
    Recording out = new Recording();
    JsonWriter.toStream(out, EVENT);
    assertArrayEquals(JsonWriter.toBytes(EVENT), out.bytes.toByteArray());
    assertTrue(out.flushes > 0, "flushed");
    assertFalse(out.closed, "the stream is the caller's to close");
    assertThrows(NullPointerException.class, () -> JsonWriter.toStream(null, EVENT));
  }

  @Test
  void theStreamBufferIsKeptForTheThreadsNextCallAndANestedCallHasItsOwn() {
    Recording first = new Recording();
    Recording second = new Recording();
    Recording inner = new Recording();
    JsonWriter.toStream(first, EVENT);
    JsonWriter.toStream(second, w -> {
      w.beginArray().value("outer");
      JsonWriter.toStream(inner, x -> x.value(1));
      w.endArray();
    });
    assertEquals("[\"outer\"]", second.text());
    assertEquals("1", inner.text());
    // Writers hand their buffer itself to the stream: the second call wrote from the first's.
    assertEquals(1, first.arrays.size());
    assertSame(first.arrays.get(0), second.arrays.get(0));
    assertNotSame(second.arrays.get(0), inner.arrays.get(0));
  }

  @Test
  void theStreamWriterIsKeptWithoutItsStreamAndANestedCallHasItsOwn() {
    JsonWriter[] seen = new JsonWriter[3];
    Recording first = new Recording();
    JsonWriter.toStream(first, w -> {
      seen[0] = w;
      w.value("first");
    });
    Recording second = new Recording();
    Recording inner = new Recording();
    JsonWriter.toStream(second, w -> {
      seen[1] = w;
      w.beginArray().value("outer");
      JsonWriter.toStream(inner, x -> {
        seen[2] = x;
        x.value(2);
      });
      w.endArray();
    });
    assertEquals("\"first\"", first.text());
    assertEquals("[\"outer\"]", second.text());
    assertEquals("2", inner.text());
    assertSame(seen[0], seen[1], "the thread's kept writer, again");
    assertNotSame(seen[1], seen[2]);
    // Kept without the stream: flushing it now (which no caller should) reaches neither stream.
    int flushes = first.flushes + second.flushes;
    seen[1].flush();
    assertEquals(flushes, first.flushes + second.flushes);
  }

  @Test
  void aWriterWhoseBodyThrewIsNotKeptAndItsBufferIsNotOneGrownPastEightKib() {
    JsonWriter[] seen = new JsonWriter[2];
    assertThrows(IllegalStateException.class, () -> JsonWriter.toStream(new Recording(), w -> {
      seen[0] = w;
      w.beginArray();
      throw new IllegalStateException("boom");
    }));
    Recording big = new Recording();
    byte[] raw = ("\"" + "z".repeat(20_000) + "\"").getBytes(StandardCharsets.UTF_8);
    JsonWriter.toStream(big, w -> {
      seen[1] = w;
      w.rawValue(raw, 0, raw.length);
    });
    assertNotSame(seen[0], seen[1]);
    assertArrayEquals(raw, big.bytes.toByteArray());
    assertTrue(big.arrays.get(big.arrays.size() - 1).length >= raw.length, "grown for the raw value");
    Recording next = new Recording();
    JsonWriter.toStream(next, w -> w.value(1));
    assertEquals("1", next.text());
    assertEquals(8192, next.arrays.get(0).length, "the kept writer's buffer is 8 KiB again");
  }

  @Test
  void aWriteAfterCloseDoesNotLeaveTheKeptWriterASmallBuffer() {
    Recording misused = new Recording(); // takes writes after close, as ByteArrayOutputStream does
    JsonWriter.toStream(misused, w -> {
      w.close();
      w.value(1); // into a new array of the value's size
    });
    assertEquals("1", misused.text());
    Recording next = new Recording();
    JsonWriter.toStream(next, w -> w.value("x".repeat(100)));
    assertEquals(1, next.arrays.size());
    assertEquals(8192, next.arrays.get(0).length);
  }

  @Test
  void aBodyThatClosesTheWriterHasClosedTheStreamAndNothingMoreIsWritten() {
    Recording out = new Recording() {
      @Override
      public void write(byte[] b, int off, int len) {
        if (closed) {
          throw new UncheckedIOException(new IOException("write after close"));
        }
        super.write(b, off, len);
      }
    };
    JsonWriter.toStream(out, w -> {
      w.value("done");
      w.close();
    });
    assertEquals("\"done\"", out.text());
    assertTrue(out.closed);
    // The kept writer, closed, takes a buffer again for the thread's next call.
    Recording next = new Recording();
    JsonWriter.toStream(next, w -> w.value("again"));
    assertEquals("\"again\"", next.text());
    assertFalse(next.closed);
  }

  @Test
  void aDocumentPastTheBufferIsStreamedInPieces() {
    Recording out = new Recording();
    String big = "y".repeat(100_000);
    JsonWriter.toStream(out, w -> w.beginArray().value(big).value(big).endArray());
    assertEquals("[\"" + big + "\",\"" + big + "\"]", out.text());
    assertTrue(out.arrays.size() > 1, "written through the 8 KiB buffer, not in one array");
  }

  @Test
  void aBodyThatThrowsFlushesNothingAndTheNextCallStartsClean() {
    Recording failed = new Recording();
    RuntimeException boom = new IllegalStateException("boom");
    assertSame(boom, assertThrows(IllegalStateException.class, () -> JsonWriter.toStream(failed, w -> {
      w.beginObject().name("half");
      throw boom;
    })));
    assertEquals(0, failed.bytes.size());
    assertEquals(0, failed.flushes);
    Recording next = new Recording();
    JsonWriter.toStream(next, w -> w.beginArray().value(true).endArray());
    assertEquals("[true]", next.text());
  }

  @Test
  void aStreamThatFailsIsAnUncheckedIoException() {
    OutputStream broken = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("disk full");
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        throw new IOException("disk full");
      }
    };
    UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> JsonWriter.toStream(broken, EVENT));
    assertEquals("disk full", e.getCause().getMessage());
    Recording next = new Recording();
    JsonWriter.toStream(next, EVENT);
    assertArrayEquals(JsonWriter.toBytes(EVENT), next.bytes.toByteArray());
  }
}
