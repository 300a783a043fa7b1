"""The Runde's year: seasons and their ranking, the Kasse, the Bestenliste and the Statistik."""
