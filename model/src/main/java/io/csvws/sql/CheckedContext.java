package io.csvws.sql;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.tools.RelRunner;

/**
 * A statement's preparation context whose configuration has {@link CsvwsConformance}.
 *
 * <p>Calcite reads the conformance of its connection configuration, which holds only its own
 * named conformances, none of them lenient and checked; every other setting is the
 * connection's.
 */
final class CheckedContext implements CalcitePrepare.Context {
  private final CalcitePrepare.Context context;
  /**
   * Made on first use: a statement prepared without the planner never asks, and the proxy's
   * class costs a fresh JVM milliseconds to make.
   */
  private CalciteConnectionConfig config;

  private CheckedContext(CalcitePrepare.Context context) {
    this.context = context;
  }

  /** {@code context} with checked arithmetic; the same object if it has it already. */
  static CalcitePrepare.Context of(CalcitePrepare.Context context) {
    return context instanceof CheckedContext ? context : new CheckedContext(context);
  }

  private static CalciteConnectionConfig checked(CalciteConnectionConfig config) {
    InvocationHandler handler = (proxy, method, args) -> {
      if (method.getName().equals("conformance") && method.getParameterCount() == 0) {
        return CsvwsConformance.INSTANCE;
      }
      try {
        return method.invoke(config, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
    return (CalciteConnectionConfig) Proxy.newProxyInstance(
        CalciteConnectionConfig.class.getClassLoader(),
        new Class<?>[] {CalciteConnectionConfig.class}, handler);
  }

  @Override
  public JavaTypeFactory getTypeFactory() {
    return context.getTypeFactory();
  }

  @Override
  public CalciteSchema getRootSchema() {
    return context.getRootSchema();
  }

  @Override
  public CalciteSchema getMutableRootSchema() {
    return context.getMutableRootSchema();
  }

  @Override
  public List<String> getDefaultSchemaPath() {
    return context.getDefaultSchemaPath();
  }

  @Override
  public CalciteConnectionConfig config() {
    if (config == null) {
      config = checked(context.config());
    }
    return config;
  }

  @Override
  public CalcitePrepare.SparkHandler spark() {
    return context.spark();
  }

  @Override
  public DataContext getDataContext() {
    return context.getDataContext();
  }

  @Override
  public List<String> getObjectPath() {
    return context.getObjectPath();
  }

  @Override
  public RelRunner getRelRunner() {
    return context.getRelRunner();
  }
}
