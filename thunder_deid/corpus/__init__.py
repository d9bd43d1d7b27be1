"""(see the module docstrings)"""
