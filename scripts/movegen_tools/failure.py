"""Failure, the exception that stops a command of the package with a message and an exit status."""


# Exit statuses: a run failed or a count differs from the published one; a bad argument, a missing program or
# file; Stockfish failed (did not start, died, or did not answer).
EXIT_FAILED, EXIT_USAGE, EXIT_ENGINE = 1, 2, 3


class Failure(Exception):
    """Stops a command: Failure(message, exit status); str() is the message."""

    def __init__(self, message, status=EXIT_FAILED):
        super().__init__(message, status)
        self.message, self.status = message, status

    def __str__(self):
        return self.message
