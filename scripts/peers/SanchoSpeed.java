// Sancho's propnet playouts per CPU second on a KIF file, for scripts/speed_vs_sancho.py: compiled
// against a built Sancho snapshot (SanchoGGP/ggp-base, kept outside this repository), it builds
// Sancho's ForwardDeadReckonPropnetStateMachine and plays depth charges from the initial state as
// Sancho's own StateMachinePerformanceAnalyser (-statemachine) does, random or greedy, after a
// second of warm-up for the JIT. Prints one JSON line.
// Usage: java -cp CLASSES:SANCHO_CLASSPATH SanchoSpeed GAME.kif SECONDS [random|greedy]
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import org.ggp.base.util.game.Game;
import org.ggp.base.util.gdl.grammar.Gdl;
import org.ggp.base.util.propnet.polymorphic.forwardDeadReckon.ForwardDeadReckonInternalMachineState;
import org.ggp.base.util.statemachine.implementation.propnet.forwardDeadReckon.ForwardDeadReckonPropnetStateMachine;

public class SanchoSpeed {
  public static void main(String[] args) throws Exception {
    String file = args[0];
    double seconds = Double.parseDouble(args[1]);
    boolean greedy = args.length > 2 && args[2].equals("greedy");
    String text = new String(Files.readAllBytes(Paths.get(file)));
    Game game = Game.createEphemeralGame(Game.preprocessRulesheet(text));
    List<Gdl> rules = game.getRules();
    long t0 = System.nanoTime();
    ForwardDeadReckonPropnetStateMachine m = new ForwardDeadReckonPropnetStateMachine();
    m.initialize(rules);
    m.enableGreedyRollouts(greedy, !greedy);
    m.optimizeStateTransitionMechanism(System.currentTimeMillis() + 5000);
    double buildS = (System.nanoTime() - t0) / 1e9;
    ForwardDeadReckonInternalMachineState init = m.createInternalState(m.getInitialState());
    ForwardDeadReckonPropnetStateMachine.PlayoutInfo info = m.new PlayoutInfo(-1);
    info.factor = null;
    info.cutoffDepth = 1000;
    // Warm-up (JIT) for a second, then the timed run.
    long warm = System.nanoTime() + 1_000_000_000L;
    while (System.nanoTime() < warm) m.getDepthChargeResult(init, info);
    long n = 0;
    long start = System.nanoTime();
    long end = start + (long) (seconds * 1e9);
    long cpu0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    while (System.nanoTime() < end) { m.getDepthChargeResult(init, info); ++n; }
    long cpu1 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    double wall = (System.nanoTime() - start) / 1e9;
    double cpu = (cpu1 - cpu0) / 1e9;
    System.out.printf("{\"game\":\"%s\",\"mode\":\"%s\",\"build_s\":%.2f,\"playouts\":%d,\"wall_s\":%.2f,\"cpu_s\":%.2f,\"per_cpu_s\":%.0f}%n",
        file, greedy ? "greedy" : "random", buildS, n, wall, cpu, n / cpu);
    System.exit(0);
  }
}
