package dev.brisk.sink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A transport that keeps a copy of every event it accepts, and answers each send as {@code
 * behaviour} says (default: all delivered). The answers are the test's; everything else is the
 * real sink.
 */
final class RecordingTransport implements Transport {
  interface Behaviour {
    Outcome answer(int call, Batch batch) throws IOException;
  }

  final List<String> events = new CopyOnWriteArrayList<>();
  final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
  volatile int calls;
  volatile boolean closed;
  private final Behaviour behaviour;

  RecordingTransport() {
    this((call, batch) -> Outcome.delivered());
  }

  RecordingTransport(Behaviour behaviour) {
    this.behaviour = behaviour;
  }

  @Override
  public Outcome send(Batch batch) throws IOException {
    int call = ++calls;
    batchSizes.add(batch.size());
    Outcome out = behaviour.answer(call, batch);
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < batch.size(); i++) {
      if (out.allDelivered() || (!out.uniform() && out.state(i) == Outcome.DELIVERED)) {
        kept.add(batch.eventString(i));
      }
    }
    events.addAll(kept);
    return out;
  }

  @Override
  public void close() {
    closed = true;
  }
}
