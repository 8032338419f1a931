"""sluice's Python API: the pyspark.pipelines decorators and a DataFrame API that builds
sluice query plans. Importing it outside a pipeline file gives the classes, not a session."""
