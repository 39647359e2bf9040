package dev.brisk.sink;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.jctools.queues.MpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The sink's hand-off against its close, under the Java memory model: a producer goes through the
 * {@link ProducerGate} and offers to the same JCTools queue the sink uses, while the closing thread
 * shuts the gate, waits for producers in flight and drains the queue, as {@code Sink.close} does
 * before its final batch. An event a producer was told was accepted must be in that drain.
 *
 * <pre>
 * mvn -q -B -DskipTests package -pl brisk-sink-stress -am &amp;&amp; java -jar brisk-sink-stress/target/jcstress.jar -t ProducerGateStress
 * </pre>
 */
public class ProducerGateStress {
  private static final Object EVENT = new Object();

  /** put(): enter, offer when open, exit; returns 1 when the event was accepted. */
  static int put(ProducerGate gate, MpscArrayQueue<Object> queue) {
    try {
      if (gate.enter()) {
        return queue.offer(EVENT) ? 1 : 0;
      }
      return 0;
    } finally {
      gate.exit();
    }
  }

  /** close(): shut, wait for producers in flight, then count what the queue holds. */
  static int closeAndDrain(ProducerGate gate, MpscArrayQueue<Object> queue) {
    gate.closeAndAwait();
    int n = 0;
    while (queue.poll() != null) {
      n++;
    }
    return n;
  }

  /** One producer against the close. */
  @JCStressTest
  @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "accepted before the close, and the close drained it")
  @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "refused: the gate was shut first")
  @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "accepted, but the close did not see it: the event is lost")
  @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "refused, yet handed over")
  @State
  public static class OneProducer {
    final ProducerGate gate = new ProducerGate();
    final MpscArrayQueue<Object> queue = new MpscArrayQueue<>(4);

    @Actor
    public void producer(II_Result r) {
      r.r1 = put(gate, queue);
    }

    @Actor
    public void closer(II_Result r) {
      r.r2 = closeAndDrain(gate, queue);
    }
  }

  /**
   * A producer putting twice against the close; the arbiter looks for anything that reached the
   * queue after the close's drain. (jcstress runs one thread per actor on its own CPU, and the
   * machines have two: hence one producer and the closer.)
   */
  @JCStressTest
  @Outcome(id = "2, 2, 0", expect = ACCEPTABLE, desc = "both accepted before the close")
  @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "the first accepted, the second refused")
  @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "both refused")
  @Outcome(expect = FORBIDDEN, desc = "an accepted event missed by the close, or a refused one handed over")
  @State
  public static class PutTwice {
    final ProducerGate gate = new ProducerGate();
    final MpscArrayQueue<Object> queue = new MpscArrayQueue<>(4);
    int accepted;
    int drained;

    @Actor
    public void producer() {
      accepted = put(gate, queue) + put(gate, queue);
    }

    @Actor
    public void closer() {
      drained = closeAndDrain(gate, queue);
    }

    @Arbiter
    public void arbiter(III_Result r) {
      r.r1 = accepted;
      r.r2 = drained;
      r.r3 = queue.size(); // anything here arrived after the close's drain
    }
  }
}
