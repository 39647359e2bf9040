package dev.brisk.sink;

import java.io.Closeable;
import java.io.IOException;

/**
 * Where a {@link Sink} delivers its batches: NDJSON files ({@link NdjsonFileTransport}), an HTTP
 * batch endpoint ({@link HttpBatchTransport}), OpenSearch {@code _bulk} (in brisk-opensearch), or
 * your own.
 *
 * <p>Threads: a sink calls {@link #send} from its one writer thread only, one batch at a time, and
 * {@link #close} once after the last {@code send}; an implementation needs no synchronization for
 * a single sink. The batch is valid only during the call.
 */
public interface Transport extends Closeable {
  /**
   * Delivers the batch, or says per event what went wrong.
   *
   * @return the outcome; {@link Outcome#delivered()} when all arrived
   * @throws IOException when nothing is known to have arrived and the whole batch may be sent
   *     again (the sink retries it under its retry policy)
   */
  Outcome send(Batch batch) throws IOException;

  /** A short description for messages, such as the directory or URL. */
  default String describe() {
    return getClass().getSimpleName();
  }

  /** Releases the transport's resources. The default does nothing. */
  @Override
  default void close() throws IOException {}
}
