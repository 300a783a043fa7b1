"""The club evening: the organiser's pages (registration, draw, rounds, printouts) and the
ranking that a projector and the phones follow."""
