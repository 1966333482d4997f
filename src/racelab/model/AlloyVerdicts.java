// Runs every `run` command of each Alloy file named and prints, per file, its path, then per command whether
// an instance exists:
//   FILE <path>
//   VERDICT <label> SAT|UNSAT <milliseconds>
// Usage: java -cp <alloy dist jar>:<dir of this class> AlloyVerdicts FILE.als [FILE.als ...]
// (racelab.experiments.checker_alloy and checker_mixedproxy write the files and read these lines.)

import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.ast.Module;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;

public final class AlloyVerdicts {
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: AlloyVerdicts FILE.als [FILE.als ...]");
            System.exit(2);
        }
        A4Reporter rep = new A4Reporter();
        A4Options options = new A4Options();
        System.out.println("SOLVER " + options.solver);
        for (String file : args) {
            Module world = CompUtil.parseEverything_fromFile(rep, null, file);
            System.out.println("FILE " + file);
            for (Command command : world.getAllCommands()) {
                long t0 = System.currentTimeMillis();
                A4Solution sol = TranslateAlloyToKodkod.execute_command(rep, world.getAllReachableSigs(), command,
                                                                        options);
                long ms = System.currentTimeMillis() - t0;
                System.out.println("VERDICT " + command.label + " " + (sol.satisfiable() ? "SAT" : "UNSAT") + " " + ms);
                System.out.flush();
            }
        }
    }
}
