"""pytest configuration shared by the unit tests and the lessons run under nbval."""
from tests.lesson_outputs import attach_expected


def pytest_collection_modifyitems(config, items):
    """Hand nbval the recorded outputs of the lessons' checked cells (see tests/lesson_outputs.py)."""
    attach_expected(items)
