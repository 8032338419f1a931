# A helper module of the pipeline, imported by frames_helpers.py.
def prefixed(name):
    return f"helper_{name}"
