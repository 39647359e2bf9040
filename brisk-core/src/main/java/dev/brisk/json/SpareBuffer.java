package dev.brisk.json;

/**
 * One buffer of a fixed size per thread, handed from a closed stream reader or writer to the next
 * one the thread makes: a reader or writer per small document (a JSON-P parser per HTTP answer)
 * then allocates no buffer. A buffer is held by one reader or writer at a time: {@link #take()}
 * clears the thread's slot, {@link #give} fills it again.
 */
final class SpareBuffer {
  private final int size;
  private final ThreadLocal<byte[][]> slot = ThreadLocal.withInitial(() -> new byte[1][]);

  SpareBuffer(int size) {
    this.size = size;
  }

  /** The thread's spare buffer, or a new one; either way the caller's alone until it gives it back. */
  byte[] take() {
    byte[][] s = slot.get();
    byte[] b = s[0];
    if (b == null) {
      return new byte[size];
    }
    s[0] = null;
    return b;
  }

  /** Keeps {@code b} for the thread's next reader or writer, if it is of this size and none is kept. */
  void give(byte[] b) {
    if (b.length == size) {
      byte[][] s = slot.get();
      if (s[0] == null) {
        s[0] = b;
      }
    }
  }
}
