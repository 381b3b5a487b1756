// GGP-Base's reference prover (ProverStateMachine, over its AIMA backward-chaining prover) playing
// uniformly random playouts from the initial state of a KIF file, for scripts/prover_vs_ggpbase.py:
// compiled against the sources of a snapshot of ggp-org/ggp-base (kept outside this repository).
// A step is what a playout of `ggp bench --machine prover` does per state: the terminal test, a
// random joint move (every role's legal moves) and the next state; at the end every role's goal
// (a role with none, as on base/chess at its step limit, counts 0, as in our bench). Runs
// playouts for a second of warm-up (the JIT), then for SECONDS, and prints one JSON line: states
// and playouts per CPU second of this thread.
// Usage: java -cp CLASSES:GGPBASE_CLASSES:GUAVA GgpBaseProverSpeed GAME.kif SECONDS
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import org.ggp.base.util.game.Game;
import org.ggp.base.util.gdl.grammar.Gdl;
import org.ggp.base.util.statemachine.MachineState;
import org.ggp.base.util.statemachine.Move;
import org.ggp.base.util.statemachine.Role;
import org.ggp.base.util.statemachine.exceptions.GoalDefinitionException;
import org.ggp.base.util.statemachine.implementation.prover.ProverStateMachine;

public class GgpBaseProverSpeed {
  private static long states = 0;
  private static double goalSum = 0;

  // One playout; returns its number of joint moves.
  private static long playout(ProverStateMachine m, MachineState init) throws Exception {
    MachineState s = init;
    long depth = 0;
    while (!m.isTerminal(s)) {
      List<Move> joint = m.getRandomJointMove(s);
      s = m.getNextState(s, joint);
      ++depth;
      ++states;
    }
    for (Role r : m.getRoles()) {
      try {
        goalSum += m.getGoal(s, r);
      } catch (GoalDefinitionException e) {
        // no goal defined: 0
      }
    }
    return depth;
  }

  public static void main(String[] args) throws Exception {
    String file = args[0];
    double seconds = Double.parseDouble(args[1]);
    String text = new String(Files.readAllBytes(Paths.get(file)));
    List<Gdl> rules = Game.createEphemeralGame(Game.preprocessRulesheet(text)).getRules();
    ProverStateMachine m = new ProverStateMachine();
    m.initialize(rules);
    MachineState init = m.getInitialState();
    long warm = System.nanoTime() + 1_000_000_000L;
    while (System.nanoTime() < warm) playout(m, init);
    states = 0;
    goalSum = 0;
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    long n = 0, plies = 0;
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long cpu0 = bean.getCurrentThreadCpuTime();
    // At least one playout, however long it takes (a chess playout can outlast SECONDS).
    do {
      plies += playout(m, init);
      ++n;
    } while (System.nanoTime() < end);
    double cpu = (bean.getCurrentThreadCpuTime() - cpu0) / 1e9;
    double wall = (System.nanoTime() - start) / 1e9;
    System.out.printf("{\"game\":\"%s\",\"machine\":\"ggp-base prover\",\"playouts\":%d,"
            + "\"states\":%d,\"mean_depth\":%.1f,\"mean_goal_sum\":%.1f,\"wall_s\":%.2f,"
            + "\"cpu_s\":%.2f,\"playouts_per_cpu_s\":%.3f,\"states_per_cpu_s\":%.1f}%n",
        file, n, states, (double) plies / n, goalSum / n, wall, cpu, n / cpu, states / cpu);
    System.exit(0);
  }
}
