package io.csvws.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.JaninoRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.metadata.RelMetadataQueryBase;
import org.junit.jupiter.api.Test;

/**
 * The metadata handlers compiled at build time are complete (one for every kind Calcite defines)
 * and used only for the handlers they were generated for.
 */
class PregeneratedMetadataTest {
  @Test
  void everyKindOfCalcitesDefaultProviderHasItsCompiledHandler() {
    PregeneratedMetadata provider = PregeneratedMetadata.over(JaninoRelMetadataProvider.DEFAULT);
    List<Class<? extends MetadataHandler<?>>> kinds = PregeneratedMetadata.handlerKinds();
    assertThat(kinds).hasSizeGreaterThan(20);
    for (Class<? extends MetadataHandler<?>> kind : kinds) {
      assertThat(provider.handler(kind).getClass().getName()).as(kind.getName())
          .startsWith(PregeneratedMetadata.PACKAGE + ".");
      assertThat(provider.revise(kind)).isSameAs(provider.handler(kind));
    }
  }

  /** A planner's chain that adds no handlers (HepPlanner's) gets the same compiled handlers. */
  @Test
  void aChainWithTheSameHandlersUsesThem() {
    RelMetadataProvider chain = ChainedRelMetadataProvider.of(
        List.of(DefaultRelMetadataProvider.INSTANCE));
    PregeneratedMetadata provider = PregeneratedMetadata.over(JaninoRelMetadataProvider.of(chain));
    assertThat(provider.handler(BuiltInMetadata.RowCount.Handler.class).getClass().getName())
        .startsWith(PregeneratedMetadata.PACKAGE + ".");
  }

  /** Handlers of another provider in the chain: Calcite generates the handler, as before. */
  @Test
  void otherHandlersAreLeftToCalcite() {
    RelMetadataProvider chain = ChainedRelMetadataProvider.of(List.of(
        ReflectiveRelMetadataProvider.reflectiveSource(new OneRow(),
            BuiltInMetadata.RowCount.Handler.class),
        DefaultRelMetadataProvider.INSTANCE));
    PregeneratedMetadata provider = PregeneratedMetadata.over(JaninoRelMetadataProvider.of(chain));
    assertThat(provider.revise(BuiltInMetadata.RowCount.Handler.class).getClass().getName())
        .doesNotStartWith(PregeneratedMetadata.PACKAGE + ".");
    assertThat(provider.handler(BuiltInMetadata.Collation.Handler.class).getClass().getName())
        .startsWith(PregeneratedMetadata.PACKAGE + ".");
  }

  /**
   * A chain whose handlers for a kind are as many as the compiled class takes, but of other
   * classes: Calcite generates the handler.
   */
  @Test
  void handlersOfOtherClassesAreLeftToCalciteEvenWhenAsMany() {
    RelMetadataProvider chain = ChainedRelMetadataProvider.of(List.of(
        ReflectiveRelMetadataProvider.reflectiveSource(new OneRow(),
            BuiltInMetadata.RowCount.Handler.class)));
    PregeneratedMetadata provider = PregeneratedMetadata.over(JaninoRelMetadataProvider.of(chain));
    assertThat(PregeneratedMetadata.distinct(DefaultRelMetadataProvider.INSTANCE.handlers(
        BuiltInMetadata.RowCount.Handler.class))).hasSize(1);
    assertThat(provider.handler(BuiltInMetadata.RowCount.Handler.class).getClass().getName())
        .doesNotStartWith(PregeneratedMetadata.PACKAGE + ".");
  }

  @Test
  void queriesFollowTheThreadsProvider() {
    RelMetadataQueryBase.THREAD_PROVIDERS.set(JaninoRelMetadataProvider.DEFAULT);
    try {
      assertThat(PregeneratedMetadata.query()).isInstanceOf(RelMetadataQuery.class);
    } finally {
      RelMetadataQueryBase.THREAD_PROVIDERS.remove();
    }
  }

  /** A row count handler of its own. */
  public static final class OneRow implements BuiltInMetadata.RowCount.Handler {
    @Override
    public MetadataDef<BuiltInMetadata.RowCount> getDef() {
      return BuiltInMetadata.RowCount.DEF;
    }

    /** Every relational expression has one row. */
    public Double getRowCount(RelNode rel, RelMetadataQuery mq) {
      return 1.0;
    }
  }
}
