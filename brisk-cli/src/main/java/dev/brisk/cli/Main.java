package dev.brisk.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code brisk} command.
 *
 * <p>Exit codes: 0 success, 1 bad input (a file that is not valid JSON, or cannot be read), 2 usage
 * error, 3 events that could not be delivered.
 */
@Command(
    name = "brisk",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Fast, exact and safe JSON for event pipelines.",
    subcommands = {
      DemoCommand.class, ShipCommand.class, BenchCommand.class, CheckCommand.class, FmtCommand.class, CompileCommand.class,
      ValidateCommand.class, OpenSearchCommand.class, CommandLine.HelpCommand.class
    },
    footer = {"", "Exit codes: 0 ok, 1 bad input, 2 usage, 3 delivery failed."})
public final class Main implements Runnable {
  static final int OK = 0;
  static final int BAD_INPUT = 1;
  static final int USAGE = 2;
  static final int DELIVERY_FAILED = 3;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** For picocli, which makes the command; {@link #main} runs it. */
  public Main() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  /** Runs the command line and returns the exit code, writing to the given streams. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(new Main());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? USAGE : BAD_INPUT);
    cl.setExecutionExceptionHandler(Main::fileFault);
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }

  /**
   * Files the user named that cannot be read or written end the command with one line saying which
   * and why, exit code 1, instead of a stack trace. Any other I/O failure is shown the same way,
   * by the file the system names when it names one; everything else is a bug, shown with its trace.
   */
  private static int fileFault(Exception thrown, CommandLine cmd, CommandLine.ParseResult parsed) throws Exception {
    Exception e = thrown instanceof java.io.UncheckedIOException u ? u.getCause() : thrown;
    String line;
    if (e instanceof Input.Fault) {
      line = e.getMessage();
    } else if (e instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
      line = f.getFile() + ": " + Input.why(java.nio.file.Path.of(f.getFile()), f);
    } else if (e instanceof java.io.IOException) {
      line = "brisk " + cmd.getCommandName() + ": " + Input.why(e);
    } else {
      throw thrown;
    }
    cmd.getErr().println(line);
    cmd.getErr().flush();
    return BAD_INPUT;
  }

  /**
   * Runs the {@code brisk} command and exits with its code: 0 ok, 1 bad input, 2 usage, 3 delivery
   * failed.
   */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true);
    PrintWriter err = new PrintWriter(System.err, true);
    System.exit(run(out, err, args));
  }

  /**
   * The version from the jar's manifest ("development" when run from classes), the JDK, and
   * whether the writer reads strings' own arrays: {@code java -jar brisk.jar} does, through the
   * jar's {@code Add-Opens}; a class path without {@code --add-opens} does on JDK 17 to 23, and
   * on 24 and later with {@code --sun-misc-unsafe-memory-access=allow}, through {@code
   * sun.misc.Unsafe} ({@link dev.brisk.json.JsonWriter#stringsFromOwnArrays}).
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {
        "brisk " + (v == null ? "development" : v),
        "Java " + Runtime.version() + ", " + System.getProperty("java.vm.name"),
        dev.brisk.json.JsonWriter.stringsFromOwnArrays()
            ? "strings: written from their own arrays"
            : "strings: copied before writing (open java.lang to Brisk"
                + (Runtime.version().feature() >= 24 ? ", or run with --sun-misc-unsafe-memory-access=allow," : "")
                + " to write them faster: README, \"How the writer reads strings\")"
      };
    }
  }
}
