from pyspark import pipelines as dp

def unfinished(:
    pass
