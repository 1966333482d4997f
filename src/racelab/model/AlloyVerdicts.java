// Runs every `run` command of one Alloy file and prints, per command, whether an instance exists:
//   VERDICT <label> SAT|UNSAT <milliseconds>
// Usage: java -cp <alloy dist jar>:<dir of this class> AlloyVerdicts FILE.als
// (racelab.experiments.checker_alloy writes the file and reads these lines.)

import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.ast.Module;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;

public final class AlloyVerdicts {
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: AlloyVerdicts FILE.als");
            System.exit(2);
        }
        A4Reporter rep = new A4Reporter();
        Module world = CompUtil.parseEverything_fromFile(rep, null, args[0]);
        A4Options options = new A4Options();
        System.out.println("SOLVER " + options.solver);
        for (Command command : world.getAllCommands()) {
            long t0 = System.currentTimeMillis();
            A4Solution sol = TranslateAlloyToKodkod.execute_command(rep, world.getAllReachableSigs(), command, options);
            long ms = System.currentTimeMillis() - t0;
            System.out.println("VERDICT " + command.label + " " + (sol.satisfiable() ? "SAT" : "UNSAT") + " " + ms);
            System.out.flush();
        }
    }
}
