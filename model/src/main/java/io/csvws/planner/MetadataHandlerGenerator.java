package io.csvws.planner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.janino.RelMetadataHandlerGeneratorUtil;
import org.codehaus.commons.compiler.CompilerFactoryFactory;
import org.codehaus.commons.compiler.ISimpleCompiler;

/**
 * Build step: compiles Calcite's metadata handlers ahead of time, into the model's classes.
 *
 * <p>Calcite generates and compiles with Janino one handler class per kind of metadata the first
 * time a JVM plans a query (about a quarter of a second of CPU in a fresh JVM, and again for each
 * provider chain). This step runs Calcite's own generator for each kind with the handlers of
 * Calcite's default provider, compiles each class with the same compiler Calcite would use and
 * writes it under {@link PregeneratedMetadata#PACKAGE}; {@link PregeneratedMetadata} uses them
 * when the handlers asked for are the same classes in the same order, and Calcite's path otherwise.
 */
public final class MetadataHandlerGenerator {
  private MetadataHandlerGenerator() {
  }

  /**
   * Writes the compiled handlers.
   *
   * @param args the class output folder ({@code target/classes})
   */
  public static void main(String[] args) throws Exception {
    Path classes = Path.of(args[0]);
    int written = 0;
    StringBuilder index = new StringBuilder();
    for (Class<? extends MetadataHandler<?>> kind : PregeneratedMetadata.handlerKinds()) {
      List<MetadataHandler<?>> handlers = PregeneratedMetadata.distinct(
          DefaultRelMetadataProvider.INSTANCE.handlers(kind));
      RelMetadataHandlerGeneratorUtil.HandlerNameAndGeneratedCode generated =
          RelMetadataHandlerGeneratorUtil.generateHandler(kind, handlers);
      String calciteName = generated.getHandlerName();
      String simpleName = calciteName.substring(calciteName.lastIndexOf('.') + 1);
      String source = generated.getGeneratedCode().replace(
          "package " + calciteName.substring(0, calciteName.lastIndexOf('.')) + ";",
          "package " + PregeneratedMetadata.PACKAGE + ";");
      ISimpleCompiler compiler = CompilerFactoryFactory.getDefaultCompilerFactory(
          MetadataHandlerGenerator.class.getClassLoader()).newSimpleCompiler();
      compiler.setParentClassLoader(MetadataHandlerGenerator.class.getClassLoader());
      compiler.cook(source);
      for (Map.Entry<String, byte[]> c : compiler.getBytecodes().entrySet()) {
        Path file = classes.resolve(c.getKey().replace('.', '/') + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, c.getValue());
        written++;
      }
      if (!compiler.getBytecodes().containsKey(PregeneratedMetadata.PACKAGE + "." + simpleName)) {
        throw new IllegalStateException("Janino wrote no class " + simpleName);
      }
      index.append(kind.getName()).append(' ').append(PregeneratedMetadata.PACKAGE).append('.')
          .append(simpleName).append('\n');
    }
    Path indexFile = classes.resolve(PregeneratedMetadata.INDEX);
    Files.createDirectories(indexFile.getParent());
    Files.writeString(indexFile, index);
    System.out.println("csvws: wrote " + written + " metadata handler classes under " + classes);
  }
}
