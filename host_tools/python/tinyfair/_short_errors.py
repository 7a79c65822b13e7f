"""Short TypeErrors from the compiled core: pybind11's message for arguments
of the wrong type ends in "Invoked with: " and the repr of every argument,
which for a table is every cell of the data (megabytes, into a log). The
wrappers keep the function's name and its accepted signatures and drop the
values."""
import functools
import types

_INVOKED = "\n\nInvoked with:"


def _shortened(function):
    @functools.wraps(function)
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except TypeError as error:
            text = str(error)
            if _INVOKED not in text:
                raise
            raise TypeError(text.split(_INVOKED)[0] +
                            "\n(the values given are not shown: they may be data)") from None
    return call


def shorten_type_errors(module):
    """Wraps every function of `module` and every method of its classes."""
    for name, value in list(vars(module).items()):
        if isinstance(value, types.BuiltinFunctionType):
            setattr(module, name, _shortened(value))
        elif isinstance(value, type):
            for attribute, member in list(vars(value).items()):
                if attribute.startswith("__") and attribute != "__init__":
                    continue
                if isinstance(member, staticmethod):
                    setattr(value, attribute, staticmethod(_shortened(member.__func__)))
                elif callable(member) and not isinstance(member, type):
                    setattr(value, attribute, _shortened(member))
