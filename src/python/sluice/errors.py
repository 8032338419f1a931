"""Errors with Spark's error classes, shaped like pyspark.errors."""


class PySparkException(Exception):
    """An error with an error class and its parameters, as pyspark raises them."""

    def __init__(self, message=None, errorClass=None, messageParameters=None):
        self._error_class = errorClass
        self._message_parameters = dict(messageParameters or {})
        if message is None:
            details = ", ".join(f"{key}={value!r}" for key, value in self._message_parameters.items())
            message = details
        self._message = message
        super().__init__(f"[{errorClass}] {message}" if errorClass else message)

    def getErrorClass(self):
        return self._error_class

    def getCondition(self):
        return self._error_class

    def getMessageParameters(self):
        return dict(self._message_parameters)

    def getMessage(self):
        return self._message


class PySparkTypeError(PySparkException, TypeError):
    pass


class PySparkValueError(PySparkException, ValueError):
    pass


class PySparkRuntimeError(PySparkException, RuntimeError):
    pass


class AnalysisException(PySparkException):
    pass


class PySparkNotImplementedError(PySparkException, NotImplementedError):
    pass


class PySparkAttributeError(PySparkException, AttributeError):
    pass


class PySparkKeyError(PySparkException, KeyError):
    pass


class PySparkImportError(PySparkException, ImportError):
    pass
